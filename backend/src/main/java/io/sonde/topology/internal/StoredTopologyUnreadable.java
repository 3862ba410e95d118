package io.sonde.topology.internal;

/**
 * Redis holds something under the topology key that this version cannot read (written by
 * hand, or by a version with another layout). Reading it again will not help.
 */
class StoredTopologyUnreadable extends RuntimeException {

	StoredTopologyUnreadable(String message, Throwable cause) {
		super(message, cause);
	}

}
