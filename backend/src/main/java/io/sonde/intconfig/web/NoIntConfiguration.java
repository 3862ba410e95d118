package io.sonde.intconfig.web;

/** The configuration or version asked for does not exist. */
class NoIntConfiguration extends RuntimeException {

	NoIntConfiguration(String message) {
		super(message);
	}

}
