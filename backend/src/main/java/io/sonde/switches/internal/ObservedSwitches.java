package io.sonde.switches.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchView;
import io.sonde.switches.internal.connection.ConnectionListener;
import io.sonde.switches.internal.connection.ConnectionSettings;
import io.sonde.switches.internal.connection.SwitchConnection;
import io.sonde.switches.internal.tls.TlsMaterial;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologySwitch;

/**
 * The imported topology as the switches module follows it: its switches in order with
 * their roles, and an observing {@link SwitchConnection} to each one nobody registered,
 * so that whether it answers is known before (and without) registering it. Read without a
 * lock: connection threads ask for views while {@link ManagedSwitches} holds its own.
 */
final class ObservedSwitches {

	private final ConnectionSettings settings;

	private final Clock clock;

	private final ConnectionListener listener;

	private final TlsMaterial tls;

	private final Predicate<String> registered;

	private final BooleanSupplier running;

	/** The latest topology followed; null before the first. */
	private ImportedTopology followed;

	/** The topology's switches in topology order; replaced whole. */
	private volatile Map<String, SwitchView.Place> places = Map.of();

	/** Replaced whole, under this. */
	private volatile Map<String, SwitchConnection> observed = Map.of();

	/**
	 * @param registered whether a switch of that name is registered (then not observed)
	 * @param running whether the service runs (otherwise nothing is dialled)
	 */
	ObservedSwitches(ConnectionSettings settings, Clock clock, ConnectionListener listener, TlsMaterial tls,
			Predicate<String> registered, BooleanSupplier running) {
		this.registered = registered;
		this.running = running;
		this.settings = settings;
		this.clock = clock;
		this.listener = listener;
		this.tls = tls;
	}

	/**
	 * Observes exactly the switches of {@code imported} that are not registered, keeping
	 * a connection whose switch is at the same address with the same device id. Callers
	 * race (an import against a registry refresh): a topology older than the one followed
	 * is not followed again, and whether a switch is registered is asked here, under the
	 * lock, so the last call sees the latest registrations.
	 * @param imported the current topology; null if none is known
	 */
	synchronized void follow(ImportedTopology imported) {
		if (imported == null || (this.followed != null && imported.importedAt().isBefore(this.followed.importedAt()))) {
			imported = this.followed;
		}
		this.followed = imported;
		List<TopologySwitch> switches = (imported != null) ? imported.topology().switches() : List.of();
		boolean open = this.running.getAsBoolean();
		Map<String, SwitchView.Place> nodes = new LinkedHashMap<>();
		switches.forEach((node) -> nodes.put(node.name(), new SwitchView.Place(nodes.size(), node.role())));
		this.places = nodes;
		Map<String, SwitchConnection> dropped = new LinkedHashMap<>(this.observed);
		Map<String, SwitchConnection> next = new LinkedHashMap<>();
		List<SwitchConnection> opened = new ArrayList<>();
		for (TopologySwitch node : open ? switches : List.<TopologySwitch>of()) {
			if (this.registered.test(node.name())) {
				continue;
			}
			SwitchDevice device = deviceOf(node);
			SwitchConnection known = this.observed.get(node.name());
			if (known != null && known.device().equals(device)) {
				dropped.remove(node.name());
				next.put(node.name(), known);
			}
			else {
				SwitchConnection connection = SwitchConnection.observing(device, this.settings, this.clock,
						this.listener, this.tls);
				next.put(node.name(), connection);
				opened.add(connection);
			}
		}
		this.observed = next;
		close(List.copyOf(dropped.values()));
		opened.forEach(SwitchConnection::start);
	}

	/** Stops observing every switch (the service is stopping), waiting for each. */
	synchronized void closeAll() {
		List<SwitchConnection> open = List.copyOf(this.observed.values());
		this.observed = Map.of();
		open.parallelStream().forEach(SwitchConnection::close);
	}

	/** Where the switch of that name sits in the imported topology, if it is in it. */
	Optional<SwitchView.Place> place(String name) {
		return Optional.ofNullable(this.places.get(name));
	}

	/** The switches of the topology, in its order. */
	List<String> topologyOrder() {
		return List.copyOf(this.places.keySet());
	}

	/** An observed switch as the facade shows it. */
	Optional<SwitchView> view(String name) {
		SwitchConnection connection = this.observed.get(name);
		if (connection == null) {
			return Optional.empty();
		}
		return Optional.of(new SwitchView(connection.device(), connection.status(), false, this.places.get(name)));
	}

	/** Closing waits for each connection's thread: not on the caller's. */
	private static void close(List<SwitchConnection> dropped) {
		if (!dropped.isEmpty()) {
			Thread closer = new Thread(() -> dropped.forEach(SwitchConnection::close), "p4rt-observer-close");
			closer.setDaemon(true);
			closer.start();
		}
	}

	/** What a topology switch would be registered as: the same device observed. */
	static SwitchDevice deviceOf(TopologySwitch node) {
		return SwitchDevice.withDefaults(node.name(), node.p4RuntimeHost(), node.p4RuntimePort(), node.deviceId());
	}

}
