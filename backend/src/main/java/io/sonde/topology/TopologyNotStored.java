package io.sonde.topology;

/**
 * A topology could not be written to Redis (or read back), so an import would not survive
 * a restart. The catalog keeps what it had.
 */
public class TopologyNotStored extends RuntimeException {

	public TopologyNotStored(String message, Throwable cause) {
		super(message, cause);
	}

}
