package io.sonde.emulator.run;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.sonde.emulator.net.Link;
import io.sonde.emulator.net.Port;
import io.sonde.emulator.topology.Endpoint;

/**
 * The faults an operator or a test puts into a running {@link EmulatedNetwork}: switches
 * losing and getting back their power, links cut, mended and degraded. The model is only
 * touched on the scheduler's thread ({@link EmulatedNetwork#onScheduler}); a switch's two
 * halves (server and node) change under the switch's lock, so two requests for the same
 * switch do not interleave.
 */
final class NetworkFaults {

	private static final System.Logger LOG = System.getLogger(NetworkFaults.class.getName());

	private final EmulatedNetwork network;

	private final Clock wall;

	NetworkFaults(EmulatedNetwork network, Clock wall) {
		this.network = network;
		this.wall = wall;
	}

	SwitchStatus stop(String name) {
		EmulatedSwitch target = this.network.switchNamed(name);
		synchronized (target) {
			if (target.isUp()) {
				this.network.onScheduler(() -> {
					target.node().powerOff();
					return null;
				});
				target.server().powerOff();
				target.powered(false, this.wall.instant());
				LOG.log(Level.INFO, () -> name + ": stopped (no power)");
			}
		}
		return switchStatus(target);
	}

	SwitchStatus start(String name) {
		EmulatedSwitch target = this.network.switchNamed(name);
		synchronized (target) {
			if (!target.isUp()) {
				// Taken before the port listens: a controller cannot have
				// seen it earlier.
				Instant poweredAt = this.wall.instant();
				target.server().powerOn();
				this.network.onScheduler(() -> {
					target.node().powerOn();
					return null;
				});
				target.powered(true, poweredAt);
				LOG.log(Level.INFO, () -> name + ": started at " + target.address());
			}
		}
		return switchStatus(target);
	}

	/**
	 * Stops the switch, lets {@code downFor} pass (emulated time: a sleep in real time),
	 * starts it. Interrupted, it starts the switch at once and says so.
	 */
	SwitchStatus restart(String name, Duration downFor) throws InterruptedException {
		if (downFor == null || downFor.isNegative()) {
			throw new IllegalArgumentException("a restart's down time must be 0 or more, got " + downFor);
		}
		stop(name);
		try {
			if (!downFor.isZero()) {
				this.network.runFor(downFor);
			}
		}
		finally {
			start(name);
		}
		return switchStatus(this.network.switchNamed(name));
	}

	LinkStatus setUp(String reference, boolean up) {
		Link link = link(reference);
		return this.network.onScheduler(() -> {
			link.setUp(up);
			return linkStatus(link);
		});
	}

	LinkStatus change(String reference, LinkChange change) {
		Link link = link(reference);
		return this.network.onScheduler(() -> {
			link.setParameters(change.applyTo(link.parameters()));
			return linkStatus(link);
		});
	}

	LinkStatus reset(String reference) {
		Link link = link(reference);
		return this.network.onScheduler(() -> {
			link.resetParameters();
			return linkStatus(link);
		});
	}

	NetworkStatus status() {
		return this.network.onScheduler(() -> new NetworkStatus(this.network.topology().name(),
				this.network.switches().stream().map(this::readSwitch).toList(),
				this.network.network().links().stream().map(NetworkFaults::linkStatus).toList()));
	}

	/**
	 * A link by one of its ends ({@code node:port}) or by its two nodes ({@code a/b},
	 * when only one link joins them).
	 * @throws UnknownLink if that names no link, or several
	 */
	Link link(String reference) {
		if (reference == null || reference.isBlank()) {
			throw new UnknownLink(String.valueOf(reference), "a link is needed: node:port (either end) or nodeA/nodeB");
		}
		List<Link> links = this.network.network().links();
		int slash = reference.indexOf('/');
		if (slash >= 0) {
			String a = reference.substring(0, slash);
			String b = reference.substring(slash + 1);
			List<Link> between = links.stream().filter((link) -> joins(link, a, b)).toList();
			if (between.size() == 1) {
				return between.get(0);
			}
			throw new UnknownLink(reference,
					between.isEmpty() ? "no link joins " + a + " and " + b + " in " + this.network.topology().name()
							: between.size() + " links join " + a + " and " + b + ": name one by an end, node:port");
		}
		Endpoint end;
		try {
			end = Endpoint.parse(reference);
		}
		catch (IllegalArgumentException ex) {
			throw new UnknownLink(reference,
					"a link is named node:port (either end) or nodeA/nodeB, got '" + reference + "'");
		}
		return links.stream()
			.filter((link) -> isEnd(link.a(), end) || isEnd(link.b(), end))
			.findFirst()
			.orElseThrow(() -> new UnknownLink(reference,
					"no link ends at " + end + " in " + this.network.topology().name()));
	}

	private SwitchStatus switchStatus(EmulatedSwitch target) {
		return this.network.onScheduler(() -> readSwitch(target));
	}

	// Scheduler's thread: the node's counters.
	private SwitchStatus readSwitch(EmulatedSwitch target) {
		return new SwitchStatus(target.name(), target.spec().deviceId(), target.address(), target.isUp(),
				target.since(), target.server().hasPipeline(), target.node().droppedWhilePoweredOff());
	}

	// Scheduler's thread: the link's counters.
	private static LinkStatus linkStatus(Link link) {
		return new LinkStatus(link.toString(), link.a().toString(), link.b().toString(), link.isUp(), link.parameters(),
				link.configuredParameters(), link.deliveredPackets(), link.lostPackets(), link.droppedWhileDown());
	}

	private static boolean joins(Link link, String a, String b) {
		String x = link.a().node().name();
		String y = link.b().node().name();
		return (x.equals(a) && y.equals(b)) || (x.equals(b) && y.equals(a));
	}

	private static boolean isEnd(Port port, Endpoint end) {
		return port.number() == end.port() && port.node().name().equals(end.node());
	}

}
