package io.sonde.switches;

/**
 * Where Sonde's connection to one switch stands. A switch is reachable while the
 * connection is {@link #PRIMARY}, {@link #BACKUP} or {@link #OBSERVER}.
 */
public enum ConnectionState {

	/** The operator disconnected it; Sonde leaves the switch alone. */
	DISABLED,

	/** Dialling, or waiting for the switch's arbitration answer. */
	CONNECTING,

	/** Connected and primary: Sonde's desired state is being kept on the switch. */
	PRIMARY,

	/** Connected, another controller is primary; Sonde reads but does not write. */
	BACKUP,

	/**
	 * Connected without an election id to a switch of the topology nobody registered: it
	 * answers, and Sonde neither writes to it nor competes to be its primary.
	 */
	OBSERVER,

	/** The switch does not answer, or the connection broke; retrying with backoff. */
	UNREACHABLE;

	/** Whether the switch answers on this connection. */
	public boolean reachable() {
		return this == PRIMARY || this == BACKUP || this == OBSERVER;
	}

}
