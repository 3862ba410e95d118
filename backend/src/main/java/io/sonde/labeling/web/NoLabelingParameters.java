package io.sonde.labeling.web;

/** No labeling parameters version is in force. */
class NoLabelingParameters extends RuntimeException {

	NoLabelingParameters(String message) {
		super(message);
	}

}
