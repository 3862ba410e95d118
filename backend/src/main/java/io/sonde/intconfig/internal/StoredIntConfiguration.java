package io.sonde.intconfig.internal;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.sonde.core.redis.DocumentHistory;
import io.sonde.core.redis.VersionedDocuments;
import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfigPlan;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.intconfig.IntConfigVersion;
import io.sonde.intconfig.IntConfigVersion.Kind;
import io.sonde.intconfig.IntConfiguration;
import io.sonde.intconfig.IntNotConfigured;
import io.sonde.switches.DesiredStateChanged;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.EntityChange;
import io.sonde.switches.EntityChanges;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologySwitch;
import p4.v1.Entity;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;

/**
 * The INT configuration kept in Redis, and the entities its current version wants on each
 * switch (a {@link DesiredStateContributor} of the switches module).
 */
class StoredIntConfiguration implements IntConfiguration, DesiredStateContributor {

	private static final System.Logger logger = System.getLogger(StoredIntConfiguration.class.getName());

	private final DocumentHistory<IntConfigDocument, Kind, IntConfigVersion> store;

	private final TopologyCatalog topology;

	private final ObjectProvider<SwitchManagement> switches;

	private final ApplicationEventPublisher events;

	private final IntConfigCompiler compiler = new IntConfigCompiler(this::facts);

	private volatile Compiled compiled;

	StoredIntConfiguration(VersionedDocuments<IntConfigVersion> store, TopologyCatalog topology,
			ObjectProvider<SwitchManagement> switches, ApplicationEventPublisher events, Clock clock) {
		this.store = new DocumentHistory<>(store, clock, IntConfigVersion::new);
		this.topology = topology;
		this.switches = switches;
		this.events = events;
	}

	@Override
	public Optional<IntConfigVersion> current() {
		return this.store.current();
	}

	@Override
	public List<IntConfigVersion> versions() {
		return this.store.all();
	}

	@Override
	public Optional<IntConfigVersion> version(long version) {
		return this.store.version(version);
	}

	@Override
	public IntConfigVersion apply(IntConfigDocument config, String author, String comment) {
		return store(config, author, comment, Kind.APPLY);
	}

	@Override
	public IntConfigPlan dryRun(IntConfigDocument config) {
		return planTo(this.compiler.compile(config));
	}

	@Override
	public synchronized IntConfigVersion remove(String author, String comment) {
		requireIntInForce();
		return store(IntConfigDocument.EMPTY, author, comment, Kind.REMOVE);
	}

	@Override
	public IntConfigPlan removalDryRun() {
		requireIntInForce();
		return planTo(Map.of());
	}

	@Override
	public IntConfigVersion rollback(long version, String author) {
		IntConfigVersion earlier = this.store.rollbackTarget(version,
				(number) -> new IllegalArgumentException("there is no INT configuration version " + number));
		if (earlier.removesInt()) {
			return remove(author, DocumentHistory.rollbackComment(version) + " (INT removed)");
		}
		return store(earlier.config(), author, DocumentHistory.rollbackComment(version), Kind.ROLLBACK);
	}

	/**
	 * Checks (a removal has nothing to check), stores, makes current, and tells the
	 * switches the old and the new version name.
	 */
	private synchronized IntConfigVersion store(IntConfigDocument config, String author, String comment, Kind kind) {
		Map<String, List<Entity>> next = (kind == Kind.REMOVE) ? Map.of() : this.compiler.compile(config);
		Optional<IntConfigVersion> previous = current();
		IntConfigVersion version = this.store.add(config, author, comment, kind);
		this.compiled = null;
		Set<String> touched = new LinkedHashSet<>(next.keySet());
		previous.ifPresent((old) -> old.config().switchesOrNone().forEach((node) -> {
			if (node != null && node.name() != null) {
				touched.add(node.name());
			}
		}));
		logger.log(Level.INFO, () -> "INT configuration version " + version.version() + " (" + kind + ") by " + author
				+ " applies to " + touched.size() + " switches");
		if (!touched.isEmpty()) {
			this.events.publishEvent(
					new DesiredStateChanged("INT configuration version " + version.version(), Set.copyOf(touched)));
		}
		return version;
	}

	private void requireIntInForce() {
		Optional<IntConfigVersion> now = current();
		if (now.isEmpty() || now.get().removesInt()) {
			throw new IntNotConfigured(now
				.map((version) -> "INT is off on every switch since version " + version.version() + " ("
						+ version.author() + ", " + version.at() + "); there is nothing to remove")
				.orElse("no INT configuration was ever applied; there is nothing to remove"));
		}
	}

	/** The updates from the current version's entities to {@code next}, per switch. */
	private IntConfigPlan planTo(Map<String, List<Entity>> next) {
		Optional<IntConfigVersion> base = current();
		Map<String, List<Entity>> before = base.map(this::compileLeniently).orElse(Map.of());
		Set<String> names = new LinkedHashSet<>(before.keySet());
		names.addAll(next.keySet());
		List<IntConfigPlan.SwitchChanges> changes = new ArrayList<>();
		for (String name : names) {
			List<EntityChange> updates = EntityChanges.between(before.getOrDefault(name, List.of()),
					next.getOrDefault(name, List.of()));
			if (!updates.isEmpty()) {
				changes.add(new IntConfigPlan.SwitchChanges(name, updates));
			}
		}
		return new IntConfigPlan(base.map(IntConfigVersion::version).orElse(0L), changes);
	}

	// DesiredStateContributor

	@Override
	public String name() {
		return "int-configuration";
	}

	@Override
	public List<Entity> entitiesFor(SwitchDevice device) {
		Compiled now = currentCompiled();
		return (now != null) ? now.entities().getOrDefault(device.name(), List.of()) : List.of();
	}

	private Compiled currentCompiled() {
		Optional<Long> version;
		try {
			version = this.store.currentVersion();
		}
		catch (RuntimeException ex) {
			Compiled last = this.compiled;
			logger.log(Level.WARNING, "INT configuration not readable, keeping the last one: " + ex.getMessage());
			return last;
		}
		if (version.isEmpty()) {
			return null;
		}
		Optional<ImportedTopology> network = this.topology.current();
		Compiled last = this.compiled;
		if (last != null && last.version() == version.get() && last.topology() == network.orElse(null)) {
			return last;
		}
		Map<String, List<Entity>> entities = this.store.version(version.get())
			.map(this::compileLeniently)
			.orElse(Map.of());
		Compiled fresh = new Compiled(version.get(), network.orElse(null), entities);
		this.compiled = fresh;
		return fresh;
	}

	// A stored version was valid when applied; if the network changed since, say why and
	// write nothing. A removal wants nothing.
	private Map<String, List<Entity>> compileLeniently(IntConfigVersion version) {
		if (version.removesInt()) {
			return Map.of();
		}
		try {
			return this.compiler.compile(version.config());
		}
		catch (IntConfigRejected ex) {
			logger.log(Level.WARNING, "the current INT configuration no longer fits the network (" + ex.getMessage()
					+ "); no INT entities are kept until it is fixed");
			return Map.of();
		}
	}

	private Optional<SwitchFacts> facts(String name) {
		Optional<ImportedTopology> network = this.topology.current();
		Optional<TopologySwitch> node = network.flatMap((imported) -> imported.topology().switchNamed(name));
		Optional<SwitchDevice> registered = this.switches.getObject()
			.switchNamed(name)
			.filter(SwitchView::registered)
			.map((view) -> view.device());
		if (node.isEmpty() && registered.isEmpty()) {
			return Optional.empty();
		}
		long deviceId = registered.map(SwitchDevice::deviceId).orElseGet(() -> node.get().deviceId());
		long mac = node.map((found) -> Long.parseLong(found.mac().replace(":", ""), 16)).orElse(0L);
		List<Integer> hostPorts = node.isPresent() ? TopologyGraph.of(network.get().topology()).hostPorts(name)
				: List.of();
		return Optional.of(new SwitchFacts(name, deviceId, mac, hostPorts));
	}

	private record Compiled(long version, ImportedTopology topology, Map<String, List<Entity>> entities) {
	}

}
