package io.sonde.access;

/** Redis did not answer: nothing was changed (configured accounts keep working). */
public class AccessNotStored extends RuntimeException {

	public AccessNotStored(String message, Throwable cause) {
		super(message, cause);
	}

}
