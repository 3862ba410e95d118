package io.sonde.intconfig.web;

/**
 * A removal of INT from every switch asked for without {@code ?confirm=true}: nothing was
 * changed.
 */
class RemovalNotConfirmed extends RuntimeException {

	RemovalNotConfirmed() {
		super("turning INT off on every switch needs ?confirm=true; ?dryRun=true lists what it would remove. "
				+ "Nothing was changed");
	}

}
