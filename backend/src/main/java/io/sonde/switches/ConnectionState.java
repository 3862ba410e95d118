package io.sonde.switches;

/** Where Sonde's connection to one switch stands. */
public enum ConnectionState {

	/** The operator disconnected it; Sonde leaves the switch alone. */
	DISABLED,

	/** Dialling, or waiting for the switch's arbitration answer. */
	CONNECTING,

	/** Connected and primary: Sonde's desired state is being kept on the switch. */
	PRIMARY,

	/** Connected, another controller is primary; Sonde reads but does not write. */
	BACKUP,

	/** The switch does not answer, or the connection broke; retrying with backoff. */
	UNREACHABLE

}
