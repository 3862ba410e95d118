package io.sonde.labeling;

/** Labeling was asked to go off while no version has it on: nothing to turn off. */
public class LabelingNotOn extends RuntimeException {

	public LabelingNotOn(String message) {
		super(message);
	}

}
