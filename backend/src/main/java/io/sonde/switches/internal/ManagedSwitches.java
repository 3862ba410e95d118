package io.sonde.switches.internal;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.sonde.core.LoopHealth;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.RegisterEntries;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.store.RedisContinuity;
import io.sonde.store.RedisDataLossAcknowledged;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.DesiredStateChanged;
import io.sonde.switches.InstalledEntity;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.StateDiff;
import io.sonde.switches.SwitchAlreadyRegistered;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchNotFound;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.SwitchStateChanged;
import io.sonde.switches.SwitchView;
import io.sonde.switches.internal.connection.ConnectionListener;
import io.sonde.switches.internal.connection.ConnectionSettings;
import io.sonde.switches.internal.connection.PipelineArtifact;
import io.sonde.switches.internal.connection.SwitchConnection;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.tls.TlsMaterial;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyImported;
import p4.config.v1.ActionProfile;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.Entity;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * Every switch Sonde knows and one {@link SwitchConnection} per switch: a managing one
 * for each enabled registered switch, an observing one ({@link ObservedSwitches}) for
 * each switch of the imported topology that is not registered. The connection's state is
 * whether the switch answers. The registry in Redis is the truth every replica shares:
 * this replica re-reads it every {@code sonde.switches.registry-refresh} and opens,
 * reopens or closes connections to match, so a switch registered through another replica
 * is managed here too. While Redis has lost its data unacknowledged, switches the emptied
 * registry no longer lists are kept, not disconnected; once the loss is acknowledged
 * every switch is reconciled with what was imported again.
 */
public class ManagedSwitches implements SwitchManagement, SmartLifecycle, ConnectionListener {

	private static final System.Logger logger = System.getLogger(ManagedSwitches.class.getName());

	private final RedisDeviceRegistry registry;

	private final DesiredState desired;

	private final ConnectionSettings settings;

	private final PipelineArtifact pipeline = PipelineArtifact.sondeP4();

	private final P4InfoIndex p4Info;

	private final EntityText text;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final TlsMaterial tls;

	private final Map<String, SwitchConnection> connections = new ConcurrentHashMap<>();

	private final Map<String, SwitchDevice> devices = new ConcurrentHashMap<>();

	private final Map<String, ConnectionStatus> disabled = new ConcurrentHashMap<>();

	private volatile boolean running;

	private final RedisContinuity continuity;

	private final LoopHealth registryReads;

	/** Switches kept while the registry, emptied by a data loss, no longer lists them. */
	private final Set<String> held = ConcurrentHashMap.newKeySet();

	private final TopologyCatalog topology;

	private final ObservedSwitches observed;

	/**
	 * @param continuity whether Redis still holds Sonde's data; null never holds
	 */
	public ManagedSwitches(RedisDeviceRegistry registry, DesiredState desired, ConnectionSettings settings,
			P4InfoIndex p4Info, ApplicationEventPublisher events, Clock clock, TlsMaterial tls,
			RedisContinuity continuity, TopologyCatalog topology) {
		this.topology = topology;
		this.observed = new ObservedSwitches(settings, clock, this, tls, this.devices::containsKey, () -> this.running);
		this.continuity = continuity;
		this.registryReads = new LoopHealth("refreshing the switch registry", clock);
		this.registry = registry;
		this.desired = desired;
		this.settings = settings;
		this.p4Info = p4Info;
		this.text = new EntityText(p4Info);
		this.events = events;
		this.clock = clock;
		this.tls = tls;
	}

	@Override
	public List<SwitchView> switches() {
		List<SwitchView> views = new ArrayList<>();
		for (String name : this.observed.topologyOrder()) {
			switchNamed(name).ifPresent(views::add);
		}
		this.devices.values()
			.stream()
			.filter((device) -> this.observed.place(device.name()).isEmpty())
			.sorted(Comparator.comparing(SwitchDevice::name))
			.forEach((device) -> views.add(view(device)));
		return views;
	}

	@Override
	public Optional<SwitchView> switchNamed(String name) {
		SwitchDevice device = this.devices.get(name);
		return (device != null) ? Optional.of(view(device)) : this.observed.view(name);
	}

	/** A new topology: its switches that are not registered are observed from now on. */
	@EventListener
	public void topologyImported(TopologyImported imported) {
		this.observed.follow(imported.imported());
	}

	@Override
	public synchronized SwitchView register(SwitchDevice device) {
		checkTls(device);
		for (SwitchDevice other : this.registry.all()) {
			if (other.name().equals(device.name())) {
				throw new SwitchAlreadyRegistered("a switch named '" + device.name() + "' is already registered");
			}
			if (other.address().equals(device.address()) && other.deviceId() == device.deviceId()) {
				throw new SwitchAlreadyRegistered("switch '" + other.name() + "' is already registered at "
						+ device.address() + " with device id " + device.deviceId());
			}
		}
		if (!this.registry.add(device)) {
			throw new SwitchAlreadyRegistered("a switch named '" + device.name() + "' is already registered");
		}
		this.held.remove(device.name());
		apply(device);
		observeTopology();
		return view(device);
	}

	@Override
	public synchronized SwitchView update(SwitchDevice device) {
		SwitchDevice stored = existing(device.name());
		SwitchDevice replacement = device.replacing(stored);
		// Connect and disconnect keep the TLS as stored: they work whatever it holds.
		if (!Objects.equals(replacement.tls(), stored.tls())) {
			checkTls(replacement);
		}
		this.registry.put(replacement);
		apply(replacement);
		return view(replacement);
	}

	@Override
	public synchronized void remove(String name) {
		existing(name);
		this.registry.remove(name);
		forget(name);
		observeTopology();
	}

	@Override
	public SwitchView connect(String name) {
		return update(existing(name).withEnabled(true));
	}

	@Override
	public SwitchView disconnect(String name) {
		return update(existing(name).withEnabled(false));
	}

	@Override
	public ReconcileReport pushPipeline(String name, boolean force) {
		return connection(name).pushPipeline(force);
	}

	@Override
	public StateDiff diff(String name) {
		return connection(name).diff();
	}

	@Override
	public ReconcileReport reconcile(String name) {
		return connection(name).reconcile("requested");
	}

	@Override
	public List<InstalledEntity> read(String name, String kind, String entity) {
		SwitchConnection connection = connection(name);
		List<Entity> requests = new ArrayList<>();
		switch (kind) {
			case "tables" -> {
				// A keyless table holds nothing but its default entry, which a wildcard
				// read leaves out (P4Runtime §9.1.2): that entry is read by itself.
				TableEntries tables = new TableEntries(this.p4Info);
				if (entity == null) {
					requests.add(Entities.of(tables.allTables()));
					this.p4Info.p4Info()
						.getTablesList()
						.stream()
						.filter((table) -> table.getMatchFieldsCount() == 0)
						.forEach((table) -> requests.add(defaultEntry(tables, table.getPreamble().getName())));
				}
				else if (this.p4Info.table(entity).matchFields().isEmpty()) {
					requests.add(defaultEntry(tables, entity));
				}
				else {
					requests.add(Entities.of(tables.allOf(entity)));
				}
			}
			case "counters" -> {
				CounterEntries counters = new CounterEntries(this.p4Info);
				requests.add(Entities.of((entity == null) ? counters.readEveryCounter() : counters.readAll(entity)));
			}
			case "registers" -> {
				RegisterEntries registers = new RegisterEntries(this.p4Info);
				if (entity != null) {
					requests.add(Entities.of(registers.readAll(entity)));
				}
				else {
					this.p4Info.p4Info()
						.getRegistersList()
						.forEach((register) -> requests
							.add(Entities.of(registers.readAll(register.getPreamble().getName()))));
				}
			}
			case "action-profiles" -> {
				ActionProfileMember.Builder members = ActionProfileMember.newBuilder();
				ActionProfileGroup.Builder groups = ActionProfileGroup.newBuilder();
				if (entity != null) {
					ActionProfile profile = this.p4Info.actionProfile(entity);
					members.setActionProfileId(profile.getPreamble().getId());
					groups.setActionProfileId(profile.getPreamble().getId());
					requests.add(Entities.of(members.build()));
					if (profile.getWithSelector()) {
						requests.add(Entities.of(groups.build()));
					}
				}
				else {
					requests.add(Entities.of(members.build()));
					requests.add(Entities.of(groups.build()));
				}
			}
			default -> throw new IllegalArgumentException(
					"kind must be 'tables', 'counters', 'registers' or " + "'action-profiles', was '" + kind + "'");
		}
		return connection.read(requests).stream().map(this.text::installed).toList();
	}

	private static Entity defaultEntry(TableEntries tables, String table) {
		return Entities.of(tables.allOf(table).toBuilder().setIsDefaultAction(true).build());
	}

	/** Entities as {@code requests} select them, in one Read request. */
	public List<Entity> readEntities(String name, List<Entity> requests) {
		return connection(name).read(requests);
	}

	@Override
	public void packetOut(String name, int egressPort, byte[] frame) {
		connection(name).packetOut(egressPort, frame);
	}

	/** Another module's entities changed: reconcile the switches it names. */
	@EventListener
	public void desiredStateChanged(DesiredStateChanged change) {
		this.connections.forEach((name, connection) -> {
			if (change.switchNames().isEmpty() || change.switchNames().contains(name)) {
				connection.requestReconcile(change.reason());
			}
		});
	}

	/**
	 * Brings connections in line with the registry in Redis (other replicas write it
	 * too).
	 */
	public synchronized void refreshFromRegistry() {
		if (!this.running) {
			return;
		}
		List<SwitchDevice> stored;
		try {
			stored = this.registry.all();
		}
		catch (RuntimeException ex) {
			if (!this.registryReads.failing()) {
				logger.log(Level.WARNING, "switch registry not refreshed: " + ex.getMessage());
			}
			this.registryReads.failed(ex);
			return;
		}
		if (this.registryReads.succeeded()) {
			logger.log(Level.INFO, "switch registry read again");
		}
		Map<String, SwitchDevice> byName = new LinkedHashMap<>();
		stored.forEach((device) -> byName.put(device.name(), device));
		// Asked of Redis now, not as last checked: an emptied registry read before the
		// epoch watch noticed the loss must not let switches go.
		boolean dataLost = this.continuity != null && !byName.keySet().containsAll(this.devices.keySet())
				&& this.continuity.checkNow().isPresent();
		for (String known : List.copyOf(this.devices.keySet())) {
			if (!byName.containsKey(known)) {
				if (dataLost) {
					if (this.held.add(known)) {
						logger.log(Level.WARNING, known + ": no longer in the registry, which Redis lost; kept "
								+ "connected until the loss is acknowledged");
					}
				}
				else {
					forget(known);
				}
			}
		}
		this.held.retainAll(dataLost ? this.devices.keySet() : Set.of());
		this.held.removeAll(byName.keySet());
		byName.values().forEach(this::apply);
		observeTopology();
	}

	/**
	 * Redis's data loss was acknowledged: what Redis holds now is the desired state, and
	 * switches the operator did not register again are let go at the next refresh.
	 */
	@EventListener
	public void redisDataLossAcknowledged(RedisDataLossAcknowledged acknowledged) {
		this.connections.values().forEach((connection) -> connection.requestReconcile("Redis data loss acknowledged"));
	}

	/** The registry refresh's last round. */
	public LoopHealth registryReads() {
		return this.registryReads;
	}

	/** Switches kept although the emptied registry no longer lists them. */
	public Set<String> heldSwitches() {
		return Set.copyOf(this.held);
	}

	// ConnectionListener

	/**
	 * Publishes the switch's view as it is now, not {@code status}: a connection being
	 * replaced (an observer closing as the switch is registered) reports its last state
	 * after its successor took over.
	 */
	@Override
	public void statusChanged(String switchName, ConnectionStatus status) {
		switchNamed(switchName).ifPresent((view) -> this.events.publishEvent(new SwitchStateChanged(switchName, view)));
	}

	@Override
	public void packetIn(PacketInReceived packet) {
		this.events.publishEvent(packet);
	}

	// SmartLifecycle: connections open once the context is up and close before
	// it goes down.

	@Override
	public synchronized void start() {
		this.running = true;
		refreshFromRegistry();
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		List<SwitchConnection> open = List.copyOf(this.connections.values());
		this.connections.clear();
		open.parallelStream().forEach(SwitchConnection::close);
		this.observed.closeAll();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Observes the topology's switches that are not registered (nor kept after a data
	 * loss). A topology Redis cannot give yet is looked for again at the next refresh.
	 */
	private void observeTopology() {
		this.observed.follow(this.topology.current().orElse(null));
	}

	private void apply(SwitchDevice device) {
		SwitchDevice previous = this.devices.put(device.name(), device);
		SwitchConnection open = this.connections.get(device.name());
		boolean reopen = open != null && (!device.enabled() || !open.device().sameConnection(device));
		if (reopen) {
			this.connections.remove(device.name()).close();
		}
		if (device.enabled() && this.running && (open == null || reopen)) {
			this.disabled.remove(device.name());
			this.connections.put(device.name(), new SwitchConnection(device, this.settings, this.pipeline,
					this.desired::entitiesFor, this.text, this.clock, this, this.tls)
				.start());
		}
		if (!device.enabled()) {
			this.disabled.computeIfAbsent(device.name(), (name) -> new ConnectionStatus(ConnectionState.DISABLED,
					this.clock.instant(), device.electionId(), -1, null, null, 0, null, 0));
		}
		if (previous == null || !previous.equals(device)) {
			this.events.publishEvent(new SwitchStateChanged(device.name(), view(device)));
		}
	}

	/**
	 * TLS material is checked before anything is stored: a path outside the TLS directory
	 * or PEM that does not parse is a refused registration, not a switch that never
	 * connects.
	 */
	private void checkTls(SwitchDevice device) {
		if (device.tls() != null) {
			this.tls.check(device.tls());
		}
	}

	private void forget(String name) {
		this.devices.remove(name);
		this.disabled.remove(name);
		SwitchConnection open = this.connections.remove(name);
		if (open != null) {
			open.close();
		}
		this.events.publishEvent(new SwitchStateChanged(name, null));
	}

	private SwitchView view(SwitchDevice device) {
		SwitchConnection open = this.connections.get(device.name());
		ConnectionStatus status = (open != null) ? open.status()
				: this.disabled.getOrDefault(device.name(), new ConnectionStatus(ConnectionState.DISABLED,
						this.clock.instant(), device.electionId(), -1, null, null, 0, null, 0));
		// A switch kept after a data loss is not registered: from-topology registers it.
		return new SwitchView(device.redacted(), status, !this.held.contains(device.name()),
				this.observed.place(device.name()).orElse(null));
	}

	private SwitchDevice existing(String name) {
		return this.registry.named(name).orElseThrow(() -> new SwitchNotFound(name));
	}

	private SwitchConnection connection(String name) {
		if (!this.devices.containsKey(name)) {
			existing(name);
		}
		SwitchConnection open = this.connections.get(name);
		if (open == null) {
			throw new SwitchNotReady("Sonde is not connected to " + name + " (disconnected by an operator)");
		}
		return open;
	}

}
