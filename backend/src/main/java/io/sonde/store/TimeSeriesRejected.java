package io.sonde.store;

/**
 * The time-series store was reached but refused the request (unknown measurement, wrong
 * field type, malformed query). Retrying the same request will not help.
 */
public class TimeSeriesRejected extends RuntimeException {

	public TimeSeriesRejected(String store, String message, Throwable cause) {
		super(store + " rejected the request: " + message, cause);
	}

}
