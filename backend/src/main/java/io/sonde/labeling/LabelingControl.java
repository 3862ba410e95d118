package io.sonde.labeling;

import java.util.List;
import java.util.Optional;

/**
 * INT-label's parameters (versioned, network-wide with per switch overrides) and its
 * specific flows. Every change reconciles the switches it touches.
 */
public interface LabelingControl {

	/** The version in force; empty before the first. */
	Optional<LabelingVersion> current();

	/** Every version, newest first. */
	List<LabelingVersion> versions();

	Optional<LabelingVersion> version(long version);

	/**
	 * The parameters a switch labels with now; empty while labeling is off (no version,
	 * or the version in force turned it off).
	 */
	Optional<LabelingParameters> inForce(String switchName);

	/**
	 * Checks the whole document, stores it as a new version and makes it current.
	 * @throws LabelingRejected naming every bad field; nothing is stored
	 * @throws LabelingNotStored if Redis did not take it
	 */
	LabelingVersion apply(LabelingDocument document, String author, String comment);

	/**
	 * Turns labeling off on every switch, as a version of kind
	 * {@link LabelingVersion.Kind#OFF}.
	 * @throws LabelingNotOn if labeling is not on
	 * @throws LabelingNotStored if Redis did not take it
	 */
	LabelingVersion turnOff(String author, String comment);

	/**
	 * Makes an earlier version's parameters current again, as a new version (rolling back
	 * to an {@code OFF} version turns labeling off again).
	 * @throws LabelingVersionNotFound if there is no such version
	 * @throws LabelingRejected if its parameters no longer fit the network
	 */
	LabelingVersion rollback(long version, String author);

	/**
	 * Labels a flow at every hop from the switch its source host attaches to.
	 * @throws LabelingRejected naming the bad field (an unknown source host, a flow
	 * already specific, no index left, ...)
	 */
	SpecificFlow addFlow(SpecificFlowRequest request, String author);

	/** The specific flows, by index. */
	List<SpecificFlow> flows();

	/**
	 * Stops labeling a flow at every hop.
	 * @throws SpecificFlowNotFound if no flow has this index
	 */
	SpecificFlow removeFlow(int index);

}
