package io.sonde.labeling.internal;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import io.sonde.labeling.LabelShiftChanged;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.labeling.adaptive.AdaptiveLabeling;
import io.sonde.switches.DesiredStateChanged;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * The controller half of Pro (Algorithm 3 as paper §5 implements it). Every applied item
 * refreshes its port's aging key (PX k * T, in the collection script); the key's expiry
 * notification says the port went k * T without an update, and the port is judged at
 * once. A sweep judges every known port each k * T as well: it lowers S again on ports
 * updated again, and catches expiries whose notification was lost. A change of S is
 * stored in Redis, written to the switch's Reg2 through the desired state (the switch is
 * reconciled at once), published as {@link LabelShiftChanged} and appended to the event
 * log. Only switches whose mode is PRO are judged. One thread owns the per-port state.
 */
class AdaptiveLoop implements SmartLifecycle {

	private static final System.Logger logger = System.getLogger(AdaptiveLoop.class.getName());

	static final String EVENT_SOURCE = "labeling";

	static final String SHIFT_METRIC = "label_shift";

	private static final Duration MIN_SWEEP = Duration.ofMillis(10);

	private static final Duration IDLE_SWEEP = Duration.ofSeconds(1);

	private final LabelStateStore store;

	private final Function<String, Optional<LabelingParameters>> inForce;

	private final ApplicationEventPublisher events;

	private final EventLog eventLog;

	private final Clock clock;

	private final int maxShift;

	private final ScheduledExecutorService loop;

	private final ExecutorService eventAppends;

	private final ExpiryNotifications notifications;

	/** Per switch, Algorithm 3 with that switch's k * T (nanoseconds). */
	private final Map<String, Judge> judges = new HashMap<>();

	private final Map<PortKey, Long> lastChangeMillis = new HashMap<>();

	private final Map<PortKey, Long> lastUpdateMillis = new ConcurrentHashMap<>();

	private final Map<PortKey, Long> deviceIds = new ConcurrentHashMap<>();

	private final Map<PortKey, Integer> shifts = new ConcurrentHashMap<>();

	private volatile boolean running;

	/**
	 * @param inForce switch -> the parameters it labels with, empty while labeling is off
	 * @param notifications makes the expiry notifications that call what it is given
	 */
	AdaptiveLoop(LabelStateStore store, Function<String, Optional<LabelingParameters>> inForce,
			ApplicationEventPublisher events, EventLog eventLog, Clock clock, int maxShift,
			Function<Consumer<String>, ExpiryNotifications> notifications) {
		this.store = store;
		this.inForce = inForce;
		this.events = events;
		this.eventLog = eventLog;
		this.clock = clock;
		this.maxShift = maxShift;
		this.loop = Executors.newSingleThreadScheduledExecutor((task) -> daemon(task, "labeling-adaptive"));
		this.eventAppends = Executors.newSingleThreadExecutor((task) -> daemon(task, "labeling-shift-events"));
		this.notifications = notifications.apply(this::expired);
	}

	/** S per port as the loop knows it (ports never raised are absent). */
	Map<PortKey, Integer> shifts() {
		return Map.copyOf(this.shifts);
	}

	/** S of each port of a switch the loop knows, by port. */
	Map<Integer, Integer> shiftsOf(String switchName) {
		Map<Integer, Integer> ofSwitch = new TreeMap<>();
		this.shifts.forEach((port, shift) -> {
			if (port.switchName().equals(switchName)) {
				ofSwitch.put(port.port(), shift);
			}
		});
		return ofSwitch;
	}

	@EventListener
	void applied(LabelStatesUpdated updated) {
		for (PortLabelState state : updated.applied()) {
			this.lastUpdateMillis.merge(state.port(), state.receivedAt().toEpochMilli(), Math::max);
			this.deviceIds.put(state.port(), state.deviceId());
		}
	}

	/** A port's aging key expired: it went k * T without an applied item. */
	private void expired(String agingKey) {
		LabelKeys.port(agingKey).ifPresent((port) -> this.loop.execute(() -> judge(port)));
	}

	/** Algorithm 3's lines 4-12 for every known port of a PRO switch. */
	void sweep() {
		this.notifications.connectIfNeeded();
		Set<PortKey> ports = new HashSet<>(this.lastUpdateMillis.keySet());
		ports.addAll(this.shifts.keySet());
		ports.forEach(this::judge);
	}

	private void judge(PortKey port) {
		try {
			Optional<LabelingParameters> parameters = this.inForce.apply(port.switchName());
			if (parameters.isEmpty() || parameters.get().mode() != LabelingMode.PRO) {
				return;
			}
			long agingMillis = parameters.get().aging().toMillis();
			Judge judge = judgeFor(port.switchName(), agingMillis);
			long now = this.clock.millis();
			int before = judge.adaptive().shift(port);
			Long lastUpdate = this.lastUpdateMillis.get(port);
			int after = judge.adaptive()
				.step(port, nanos(now), (lastUpdate != null) ? nanos(lastUpdate) : Long.MIN_VALUE);
			if (after != before) {
				changed(port, before, after, now, agingMillis);
			}
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "adaptive labeling could not judge " + port + ": " + ex.getMessage());
		}
	}

	private void changed(PortKey port, int from, int to, long nowMillis, long agingMillis) {
		this.lastChangeMillis.put(port, nowMillis);
		this.shifts.put(port, to);
		String why = (to > from) ? "stale: no item applied for more than k*T = " + agingMillis + " ms"
				: "recovered: updated within k*T = " + agingMillis + " ms";
		try {
			this.store.saveShift(port, to, nowMillis, (to > from) ? agingMillis : 0);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING,
					"S of " + port + " not stored in Redis (" + ex.getMessage() + "); a restart would forget it");
		}
		Instant at = Instant.ofEpochMilli(nowMillis);
		logger.log(Level.INFO, () -> "label shift of " + port + " " + from + " -> " + to + " (" + why + ")");
		this.events.publishEvent(new DesiredStateChanged("label shift of " + port, Set.of(port.switchName())));
		LabelShiftChanged change = new LabelShiftChanged(port, from, to, why, at);
		this.events.publishEvent(change);
		this.eventAppends.execute(() -> append(change));
	}

	private void append(LabelShiftChanged change) {
		String key = LabelKeys.portId(change.port());
		try {
			this.eventLog.append(List.of(new TelemetryEvent(null,
					EVENT_SOURCE + "/" + SHIFT_METRIC + "/" + key + "/" + change.at().toEpochMilli(), EVENT_SOURCE,
					change.at(), EventKind.CHANGED, SHIFT_METRIC, key, change.to(), (double) change.from(),
					this.deviceIds.get(change.port()), null, (long) change.port().port(), null, List.of(), null)));
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "label shift event of " + key + " not stored: " + ex.getMessage());
		}
	}

	/**
	 * The switch's judge for this k * T; a new k * T carries every port's S and LRT over.
	 */
	private Judge judgeFor(String switchName, long agingMillis) {
		Judge judge = this.judges.get(switchName);
		if (judge != null && judge.agingMillis() == agingMillis) {
			return judge;
		}
		AdaptiveLabeling adaptive = new AdaptiveLabeling(nanos(agingMillis), this.maxShift);
		this.shifts.forEach((port, shift) -> {
			if (port.switchName().equals(switchName)) {
				Long lastChange = this.lastChangeMillis.get(port);
				adaptive.restore(port, shift, nanos((lastChange != null) ? lastChange : this.clock.millis()));
			}
		});
		Judge fresh = new Judge(agingMillis, adaptive);
		this.judges.put(switchName, fresh);
		return fresh;
	}

	private Duration sweepPeriod() {
		Duration shortest = null;
		for (String switchName : switchNames()) {
			Optional<LabelingParameters> parameters = this.inForce.apply(switchName);
			if (parameters.isPresent() && parameters.get().mode() == LabelingMode.PRO) {
				Duration aging = parameters.get().aging();
				shortest = (shortest == null || aging.compareTo(shortest) < 0) ? aging : shortest;
			}
		}
		if (shortest == null) {
			return IDLE_SWEEP;
		}
		return (shortest.compareTo(MIN_SWEEP) < 0) ? MIN_SWEEP : shortest;
	}

	private Set<String> switchNames() {
		Set<String> names = new HashSet<>();
		this.lastUpdateMillis.keySet().forEach((port) -> names.add(port.switchName()));
		this.shifts.keySet().forEach((port) -> names.add(port.switchName()));
		return names;
	}

	private void sweepAndReschedule() {
		if (!this.running) {
			return;
		}
		Duration next = IDLE_SWEEP;
		try {
			sweep();
			next = sweepPeriod();
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "adaptive labeling sweep failed: " + ex.getMessage());
		}
		finally {
			if (this.running) {
				this.loop.schedule(this::sweepAndReschedule, next.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
	}

	/** S and LRT of every port, and when each was last updated, back from Redis. */
	private void restore() {
		try {
			this.store.shifts().forEach((port, stored) -> {
				this.shifts.put(port, (int) Math.min(stored[0], this.maxShift));
				this.lastChangeMillis.put(port, stored[1]);
			});
			for (PortLabelState state : this.store.latest()) {
				this.lastUpdateMillis.merge(state.port(), state.receivedAt().toEpochMilli(), Math::max);
				this.deviceIds.put(state.port(), state.deviceId());
			}
			logger.log(Level.INFO, () -> "adaptive labeling restored " + this.shifts.size() + " ports' S and "
					+ this.lastUpdateMillis.size() + " ports' last update from Redis");
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "adaptive labeling state not read from Redis (" + ex.getMessage()
					+ "); starting with S = 0 on every port");
		}
	}

	@Override
	public void start() {
		this.running = true;
		this.loop.execute(() -> {
			restore();
			this.notifications.start();
		});
		this.loop.execute(this::sweepAndReschedule);
	}

	@Override
	public void stop() {
		this.running = false;
		this.loop.shutdownNow();
		this.eventAppends.shutdown();
		try {
			this.loop.awaitTermination(2, TimeUnit.SECONDS);
			this.eventAppends.awaitTermination(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.notifications.close();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	private static long nanos(long millis) {
		return millis * 1_000_000L;
	}

	private static Thread daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	private record Judge(long agingMillis, AdaptiveLabeling adaptive) {
	}

}
