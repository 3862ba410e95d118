package io.sonde.switches;

/**
 * A switch Sonde knows and the live state of its connection to it: a registered switch,
 * or a switch of the imported topology that nobody registered, which Sonde connects to as
 * an observer ({@link ConnectionState#OBSERVER}) so that whether it answers is known.
 *
 * @param device the registration; for a switch not registered, the registration
 * {@code POST /api/v1/switches/from-topology} would give it
 * @param connection the state of Sonde's connection
 * @param registered whether the registry lists it (Sonde manages only those, and, until a
 * Redis data loss is acknowledged, the switches the emptied registry no longer lists,
 * which show false until they are registered again)
 * @param topology where it sits in the imported topology; null if it is not in it
 */
public record SwitchView(SwitchDevice device, ConnectionStatus connection, boolean registered, Place topology) {

	/** A registered switch, its place in the topology not given. */
	public SwitchView(SwitchDevice device, ConnectionStatus connection) {
		this(device, connection, true, null);
	}

	public String name() {
		return this.device.name();
	}

	/**
	 * A switch's place in the imported topology.
	 *
	 * @param position its index in the topology's list of switches (the order pages list
	 * them in)
	 * @param role its role ({@code core}, {@code aggregation}, {@code edge}, ...)
	 */
	public record Place(int position, String role) {
	}

}
