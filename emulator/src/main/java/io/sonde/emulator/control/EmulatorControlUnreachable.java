package io.sonde.emulator.control;

import java.net.ConnectException;
import java.net.InetSocketAddress;

/**
 * No emulator control channel answered at the address (none running, or another port).
 */
public final class EmulatorControlUnreachable extends RuntimeException {

	private final InetSocketAddress address;

	public EmulatorControlUnreachable(InetSocketAddress address, Throwable cause) {
		super("no emulator control channel answers at " + address.getHostString() + ":" + address.getPort() + " ("
				+ why(cause) + ")", cause);
		this.address = address;
	}

	private static String why(Throwable cause) {
		if (cause instanceof ConnectException) {
			return "connection refused: nothing listens there";
		}
		return (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getSimpleName();
	}

	public InetSocketAddress address() {
		return this.address;
	}

}
