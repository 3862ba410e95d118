package io.sonde.emulator.topology;

import java.util.HashMap;
import java.util.Map;

import io.sonde.emulator.net.PacketContext;
import io.sonde.emulator.net.SwitchDataPlane;

/**
 * The trivial data plane the tests put in switches instead of sonde.p4: forwards IPv4
 * frames by destination address along a {@link RoutingPlan}, drops anything else.
 */
public final class RouteForwardingDataPlane implements SwitchDataPlane {

	private static final int DESTINATION_OFFSET = 14 + 16;

	private final Map<Integer, Integer> portByDestination = new HashMap<>();

	private long forwarded;

	public RouteForwardingDataPlane(RoutingPlan plan, String switchName) {
		for (Route route : plan.routesAt(switchName)) {
			this.portByDestination.put(route.destination().value(), route.egressPort());
		}
	}

	/** Every switch of the network gets one, fed from {@code plan}. */
	public static DataPlaneFactory factory(RoutingPlan plan) {
		return (spec, node) -> new RouteForwardingDataPlane(plan, spec.name());
	}

	public long forwarded() {
		return this.forwarded;
	}

	@Override
	public void process(PacketContext context) {
		byte[] frame = context.frame();
		if (context.length() < DESTINATION_OFFSET + 4 || frame[12] != 0x08 || frame[13] != 0x00) {
			context.drop();
			return;
		}
		int destination = (frame[DESTINATION_OFFSET] & 0xff) << 24 | (frame[DESTINATION_OFFSET + 1] & 0xff) << 16
				| (frame[DESTINATION_OFFSET + 2] & 0xff) << 8 | (frame[DESTINATION_OFFSET + 3] & 0xff);
		Integer port = this.portByDestination.get(destination);
		if (port == null) {
			context.drop();
			return;
		}
		this.forwarded++;
		context.emit(port);
	}

}
