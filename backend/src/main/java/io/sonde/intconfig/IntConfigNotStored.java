package io.sonde.intconfig;

/** Redis did not answer; the current version stays current. */
public class IntConfigNotStored extends RuntimeException {

	public IntConfigNotStored(String message, Throwable cause) {
		super(message, cause);
	}

}
