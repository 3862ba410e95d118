package io.sonde.agents.internal;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.sonde.agents.AgentStatus;
import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.core.LoopHealth;
import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * One loop over every {@link ThresholdOwner} (each agent, and the collector fleet when it
 * has a budget): every {@code adapt-interval} it measures the owner's events a second,
 * decides ({@link ThresholdAdaptation}), pushes the changes and records each as a
 * {@code CHANGED} event of the owner, value the new threshold, previous the old.
 */
class AdaptiveThresholds implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(AdaptiveThresholds.class);

	private final RedisAgentFleet fleet;

	private final RedisAgentThresholds agentThresholds;

	private final CollectorThresholds collectorThresholds;

	private final EventRates rates;

	private final EventLog eventLog;

	private final AgentsProperties properties;

	private final Clock clock;

	private final LoopHealth health;

	private ScheduledExecutorService executor;

	AdaptiveThresholds(RedisAgentFleet fleet, RedisAgentThresholds agentThresholds,
			CollectorThresholds collectorThresholds, EventRates rates, EventLog eventLog, AgentsProperties properties,
			Clock clock) {
		this.fleet = fleet;
		this.agentThresholds = agentThresholds;
		this.collectorThresholds = collectorThresholds;
		this.rates = rates;
		this.eventLog = eventLog;
		this.properties = properties;
		this.clock = clock;
		this.health = new LoopHealth("adaptive thresholds", clock);
	}

	/** One round over every owner; a failing round is retried at the next interval. */
	void adapt() {
		try {
			Map<String, Double> perSource = this.rates.perSecond();
			List<TelemetryEvent> changes = new ArrayList<>();
			for (ThresholdOwner owner : owners()) {
				changes.addAll(adapt(owner, perSource));
			}
			if (!changes.isEmpty()) {
				this.eventLog.append(changes);
			}
			this.health.succeeded();
		}
		catch (RuntimeException ex) {
			if (!this.health.failing()) {
				log.warn("Adapting thresholds failed, retrying every {}: {}", this.properties.adaptInterval(),
						ex.toString());
			}
			this.health.failed(ex);
		}
	}

	private List<ThresholdOwner> owners() {
		List<ThresholdOwner> owners = new ArrayList<>();
		if (this.properties.eventBudget() > 0) {
			Set<String> agents = new LinkedHashSet<>();
			this.fleet.agents().stream().map(AgentStatus::agent).forEach(agents::add);
			for (String agent : agents) {
				owners.add(ThresholdOwners.agent(agent, this.agentThresholds, this.properties.eventBudget()));
			}
		}
		if (this.properties.collectorEventBudget() > 0) {
			owners.add(ThresholdOwners.collectors(this.collectorThresholds, this.properties.collectorEventBudget(),
					this.properties.collectorPinned()));
		}
		return owners;
	}

	private List<TelemetryEvent> adapt(ThresholdOwner owner, Map<String, Double> perSource) {
		Map<String, RedisAgentThresholds.Owned> thresholds = owner.thresholds();
		double rate = owner.rate(perSource);
		Map<String, BigInteger> changes = ThresholdAdaptation.decide(rate, owner.budget(),
				this.properties.adaptFactor(), thresholds);
		if (changes.isEmpty()) {
			return List.of();
		}
		owner.apply(changes);
		log.info("{} at {} events/s against a budget of {}: thresholds now {}", owner.source(), Math.round(rate),
				owner.budget(), changes);
		Instant now = this.clock.instant();
		List<TelemetryEvent> events = new ArrayList<>();
		changes.forEach((key,
				value) -> events.add(new TelemetryEvent(null,
						"adaptive/" + owner.source() + "/" + key + "/" + now.toEpochMilli(), owner.source(), now,
						EventKind.CHANGED, owner.changeMetric(key), owner.source() + "/" + key, value.doubleValue(),
						thresholds.get(key).value().doubleValue(), null, null, null, null, List.of(), null)));
		return events;
	}

	LoopHealth health() {
		return this.health;
	}

	@Override
	public synchronized void start() {
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "adaptive-thresholds");
			thread.setDaemon(true);
			return thread;
		});
		long every = this.properties.adaptInterval().toMillis();
		this.executor.scheduleWithFixedDelay(this::adapt, every, every, TimeUnit.MILLISECONDS);
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.executor != null;
	}

}
