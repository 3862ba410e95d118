package io.sonde.labeling;

/** Redis did not take a labeling change; what was in force stays in force. */
public class LabelingNotStored extends RuntimeException {

	public LabelingNotStored(String message, Throwable cause) {
		super(message, cause);
	}

}
