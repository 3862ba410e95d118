package io.sonde.switches.internal.connection;

import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.PacketInReceived;

/** Where a connection reports what happens to it. */
public interface ConnectionListener {

	void statusChanged(String switchName, ConnectionStatus status);

	void packetIn(PacketInReceived packet);

}
