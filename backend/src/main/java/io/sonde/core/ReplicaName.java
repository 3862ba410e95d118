package io.sonde.core;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * How a backend process names itself to the others sharing its Redis: host and pid,
 * unique per replica and stable while the process lives.
 */
public final class ReplicaName {

	private ReplicaName() {
	}

	/** {@code host-pid}. */
	public static String ofThisProcess() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			host = "unknown-host";
		}
		return host + "-" + ManagementFactory.getRuntimeMXBean().getPid();
	}

}
