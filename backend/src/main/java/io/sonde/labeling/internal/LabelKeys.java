package io.sonde.labeling.internal;

import java.util.Optional;

import io.sonde.labeling.PortKey;

/**
 * The Redis keys of INT-label's state. A port is named {@code <switch>:<port>} (the port
 * after the last colon, so switch names may hold colons).
 */
final class LabelKeys {

	/** Hash per port: the latest item applied (Algorithm 4's database row). */
	static final String PORT_PREFIX = "sonde:labeling:port:";

	/**
	 * String per port with PX k * T, refreshed by every applied item: its expiry marks
	 * the port stale.
	 */
	static final String AGING_PREFIX = "sonde:labeling:aging:";

	/** Set of every port with a latest state. */
	static final String PORTS = "sonde:labeling:ports";

	/**
	 * Hash port -> {@code S:LRT} (LRT in epoch milliseconds): the adaptive loop's state.
	 */
	static final String SHIFTS = "sonde:labeling:shifts";

	/** Hash switch -> its clock epoch, raised whenever its connection comes up again. */
	static final String EPOCHS = "sonde:labeling:epochs";

	/** Hash flow -> its latest path as JSON. */
	static final String FLOW_PATHS = "sonde:labeling:flow-paths";

	private LabelKeys() {
	}

	static String portId(PortKey port) {
		return port.switchName() + ":" + port.port();
	}

	static String portKey(PortKey port) {
		return PORT_PREFIX + portId(port);
	}

	static String agingKey(PortKey port) {
		return AGING_PREFIX + portId(port);
	}

	/** The port a port id, port key or aging key names; empty for anything else. */
	static Optional<PortKey> port(String id) {
		String bare = id;
		if (bare.startsWith(AGING_PREFIX)) {
			bare = bare.substring(AGING_PREFIX.length());
		}
		else if (bare.startsWith(PORT_PREFIX)) {
			bare = bare.substring(PORT_PREFIX.length());
		}
		int colon = bare.lastIndexOf(':');
		if (colon <= 0 || colon == bare.length() - 1) {
			return Optional.empty();
		}
		try {
			int port = Integer.parseInt(bare.substring(colon + 1));
			return (port >= 0) ? Optional.of(new PortKey(bare.substring(0, colon), port)) : Optional.empty();
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

}
