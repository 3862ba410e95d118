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
	 * Checks the whole configuration, stores it as a new version and makes it current.
	 * @throws IntConfigRejected naming the first bad field; nothing is stored
	 * @throws IntConfigNotStored if Redis did not take it
	 */
	IntConfigVersion apply(IntConfigDocument config, String author, String comment);

	/**
	 * Checks the configuration and says what applying it would write, without storing.
	 * @throws IntConfigRejected naming the first bad field
	 */
	IntConfigPlan dryRun(IntConfigDocument config);

	/**
	 * Makes an earlier version's configuration current again, as a new version.
	 * @throws IllegalArgumentException if there is no such version
	 */
	IntConfigVersion rollback(long version, String author);

}
