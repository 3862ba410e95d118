package io.sonde.labeling.internal;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.sonde.core.redis.DocumentHistory;
import io.sonde.labeling.LabelingControl;
import io.sonde.labeling.LabelingDocument;
import io.sonde.labeling.LabelingNotOn;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.LabelingRejected;
import io.sonde.labeling.LabelingVersion;
import io.sonde.labeling.LabelingVersion.Kind;
import io.sonde.labeling.LabelingVersionNotFound;
import io.sonde.labeling.SpecificFlow;
import io.sonde.labeling.SpecificFlowNotFound;
import io.sonde.labeling.SpecificFlowRequest;
import io.sonde.labeling.internal.ParametersCheck.Resolved;
import io.sonde.switches.DesiredStateChanged;

import org.springframework.context.ApplicationEventPublisher;

/**
 * The labeling parameters and specific flows kept in Redis. Each change is checked whole,
 * stored, and announced to the switches module, which reconciles the switches.
 */
class StoredLabelingControl implements LabelingControl {

	private static final System.Logger logger = System.getLogger(StoredLabelingControl.class.getName());

	static final java.time.Duration RECHECK = java.time.Duration.ofSeconds(1);

	private final RedisLabelingStore store;

	private final DocumentHistory<LabelingDocument, Kind, LabelingVersion> versions;

	private final NetworkFacts network;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final ParametersCheck check;

	private volatile InForce inForce;

	StoredLabelingControl(RedisLabelingStore store, NetworkFacts network, ApplicationEventPublisher events,
			Clock clock) {
		this.store = store;
		this.versions = new DocumentHistory<>(store.versions(), clock, LabelingVersion::new);
		this.network = network;
		this.events = events;
		this.clock = clock;
		this.check = new ParametersCheck(network::knows);
	}

	@Override
	public Optional<LabelingVersion> current() {
		return this.versions.current();
	}

	@Override
	public List<LabelingVersion> versions() {
		return this.versions.all();
	}

	@Override
	public Optional<LabelingVersion> version(long version) {
		return this.versions.version(version);
	}

	@Override
	public Optional<LabelingParameters> inForce(String switchName) {
		Resolved resolved = resolvedNow();
		return (resolved != null) ? Optional.of(resolved.of(switchName)) : Optional.empty();
	}

	/** Whether any version was ever applied (read as {@link #resolvedNow} reads). */
	boolean everApplied() {
		resolvedNow();
		InForce known = this.inForce;
		return known != null && known.version() > 0;
	}

	/** The network-wide parameters in force, or the defaults while labeling is off. */
	LabelingParameters effective(String switchName) {
		return inForce(switchName).orElse(LabelingParameters.DEFAULTS);
	}

	@Override
	public LabelingVersion apply(LabelingDocument document, String author, String comment) {
		this.check.check(document);
		return store(document, author, comment, Kind.APPLY);
	}

	@Override
	public synchronized LabelingVersion turnOff(String author, String comment) {
		Optional<LabelingVersion> now = current();
		if (now.isEmpty() || now.get().labelingOff()) {
			throw new LabelingNotOn(now
				.map((version) -> "labeling is off on every switch since version " + version.version() + " ("
						+ version.author() + ", " + version.at() + "); there is nothing to turn off")
				.orElse("labeling parameters were never applied: labeling is off; there is nothing to turn off"));
		}
		return store(now.get().document(), author, comment, Kind.OFF);
	}

	@Override
	public LabelingVersion rollback(long version, String author) {
		LabelingVersion earlier = this.versions.rollbackTarget(version, LabelingVersionNotFound::new);
		if (earlier.labelingOff()) {
			return turnOff(author, DocumentHistory.rollbackComment(version) + " (labeling off)");
		}
		this.check.check(earlier.document());
		return store(earlier.document(), author, DocumentHistory.rollbackComment(version), Kind.ROLLBACK);
	}

	private synchronized LabelingVersion store(LabelingDocument document, String author, String comment, Kind kind) {
		LabelingVersion version = this.versions.add(document, author, comment, kind);
		this.inForce = null;
		logger.log(Level.INFO,
				() -> "labeling parameters version " + version.version() + " (" + kind + ") by " + author);
		this.events.publishEvent(new DesiredStateChanged("labeling parameters version " + version.version(), Set.of()));
		return version;
	}

	/**
	 * The checked document in force, cached per version; null while labeling is off. The
	 * version number in Redis is read again at most every {@link #RECHECK} (another
	 * replica's change shows that late; this one's at once).
	 */
	Resolved resolvedNow() {
		InForce cached = this.inForce;
		long now = this.clock.millis();
		if (cached != null && now - cached.readAtMillis() < RECHECK.toMillis()) {
			return cached.resolved();
		}
		Optional<Long> number;
		try {
			number = this.versions.currentVersion();
		}
		catch (RuntimeException ex) {
			InForce last = this.inForce;
			logger.log(Level.WARNING, "labeling parameters not readable, keeping the last ones: " + ex.getMessage());
			return (last != null) ? last.resolved() : null;
		}
		if (number.isEmpty()) {
			this.inForce = new InForce(0, null, now);
			return null;
		}
		InForce last = this.inForce;
		if (last != null && last.version() == number.get()) {
			this.inForce = new InForce(last.version(), last.resolved(), now);
			return last.resolved();
		}
		Resolved resolved = this.versions.version(number.get())
			.filter((version) -> !version.labelingOff())
			.map(this::resolveLeniently)
			.orElse(null);
		this.inForce = new InForce(number.get(), resolved, now);
		return resolved;
	}

	// A stored version was valid when applied; a switch since gone from the network keeps
	// its overrides in the document but they no longer matter.
	private Resolved resolveLeniently(LabelingVersion version) {
		try {
			return new ParametersCheck((name) -> true).check(version.document());
		}
		catch (LabelingRejected ex) {
			logger.log(Level.WARNING, "labeling parameters version " + version.version()
					+ " cannot be read as parameters (" + ex.getMessage() + "); labeling with the defaults");
			return new Resolved(LabelingParameters.DEFAULTS, java.util.Map.of());
		}
	}

	// Specific flows

	@Override
	public synchronized SpecificFlow addFlow(SpecificFlowRequest request, String author) {
		List<SpecificFlow> existing = this.store.flows();
		SpecificFlow flow = FlowCheck.check(request, existing, this.network, author, this.clock.instant());
		if (!this.store.addFlow(flow)) {
			throw new LabelingRejected("index", "index " + flow.index() + " was taken meanwhile; try again");
		}
		this.events.publishEvent(new DesiredStateChanged("specific flow " + flow.flow(), Set.of(flow.ingressSwitch())));
		return flow;
	}

	@Override
	public List<SpecificFlow> flows() {
		return this.store.flows();
	}

	@Override
	public synchronized SpecificFlow removeFlow(int index) {
		SpecificFlow flow = this.store.flows()
			.stream()
			.filter((candidate) -> candidate.index() == index)
			.findFirst()
			.orElseThrow(() -> new SpecificFlowNotFound(index));
		if (!this.store.removeFlow(index)) {
			throw new SpecificFlowNotFound(index);
		}
		this.events.publishEvent(
				new DesiredStateChanged("specific flow " + flow.flow() + " removed", Set.of(flow.ingressSwitch())));
		return flow;
	}

	private record InForce(long version, Resolved resolved, long readAtMillis) {
	}

}
