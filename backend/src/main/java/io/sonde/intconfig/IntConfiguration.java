package io.sonde.intconfig;

import java.util.List;
import java.util.Optional;

/**
 * The network's INT configuration, versioned. Applying a version makes the switches
 * module reconcile every switch it touches.
 */
public interface IntConfiguration {

	/** The version in force; empty before the first. */
	Optional<IntConfigVersion> current();

	/** Every version, newest first. */
	List<IntConfigVersion> versions();

	Optional<IntConfigVersion> version(long version);

	/**
	 * Checks the whole configuration, stores it as a new version and makes it current. A
	 * configuration always names its report session and at least one switch: INT is
	 * turned off everywhere by {@link #remove}, never by an empty configuration.
	 * @throws IntConfigRejected naming every bad field found; nothing is stored
	 * @throws IntConfigNotStored if Redis did not take it
	 */
	IntConfigVersion apply(IntConfigDocument config, String author, String comment);

	/**
	 * Checks the configuration and says what applying it would write, without storing.
	 * @throws IntConfigRejected naming every bad field found
	 */
	IntConfigPlan dryRun(IntConfigDocument config);

	/**
	 * Turns INT off on every switch: stores a version of kind
	 * {@link IntConfigVersion.Kind#REMOVE} (who, when, why) and makes it current, so the
	 * switches drop every INT entity.
	 * @throws IntNotConfigured if no version with switches is in force
	 * @throws IntConfigNotStored if Redis did not take it
	 */
	IntConfigVersion remove(String author, String comment);

	/**
	 * What {@link #remove} would delete, per switch, without storing or writing.
	 * @throws IntNotConfigured if no version with switches is in force
	 */
	IntConfigPlan removalDryRun();

	/**
	 * Makes an earlier version's configuration current again, as a new version (a removal
	 * version removes again).
	 * @throws IllegalArgumentException if there is no such version
	 */
	IntConfigVersion rollback(long version, String author);

}
