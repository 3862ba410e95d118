package io.sonde.labeling.web;

/**
 * Labeling was asked to go off everywhere without {@code ?confirm=true}: nothing changed.
 */
class TurnOffNotConfirmed extends RuntimeException {

	TurnOffNotConfirmed() {
		super("turning labeling off on every switch needs ?confirm=true. Nothing was changed");
	}

}
