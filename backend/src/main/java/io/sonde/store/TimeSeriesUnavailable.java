package io.sonde.store;

/** The time-series store could not be reached or refused an operation. */
public class TimeSeriesUnavailable extends RuntimeException {

	private final String store;

	public TimeSeriesUnavailable(String store, String message, Throwable cause) {
		super(store + ": " + message, cause);
		this.store = store;
	}

	public String store() {
		return this.store;
	}

}
