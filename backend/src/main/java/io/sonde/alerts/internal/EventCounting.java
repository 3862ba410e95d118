package io.sonde.alerts.internal;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.EventCountCondition;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;

/**
 * Counts events per event rule and series. Called on the ingest's threads for every batch
 * (200,000 events a second), so it is cheap: rules are indexed by kind, an event is only
 * compared with the rules of its kind, and a match costs a fingerprint (once per event)
 * and an increment in the rule's flat {@link SeriesTable}. The index is replaced whole
 * when rules change, so matching takes no lock.
 */
final class EventCounting {

	private final int maxSeriesPerRule;

	private final LongAdder refused = new LongAdder();

	private volatile Map<EventKind, List<Counted>> byKind = Map.of();

	private volatile Map<String, Counted> byId = Map.of();

	private volatile Map<Long, String> switchNames = Map.of();

	EventCounting(int maxSeriesPerRule) {
		this.maxSeriesPerRule = maxSeriesPerRule;
	}

	/**
	 * Counts every event of the batch, at {@code nowMillis} (when it arrived: the
	 * injected clock, not the switches' clocks). Matching comes first and takes no lock;
	 * then each matching rule's table is locked once for all the events it takes, so the
	 * ingest's consumers rarely wait for each other.
	 */
	void count(List<TelemetryEvent> events, long nowMillis) {
		Map<EventKind, List<Counted>> index = this.byKind;
		if (index.isEmpty()) {
			return;
		}
		TelemetryEvent[] batch = events.toArray(TelemetryEvent[]::new);
		long[] fingerprints = new long[batch.length];
		List<Taken> taken = new ArrayList<>();
		for (int position = 0; position < batch.length; position++) {
			TelemetryEvent event = batch[position];
			List<Counted> rules = index.get(event.kind());
			if (rules == null) {
				continue;
			}
			for (Counted rule : rules) {
				if (rule.matches(event, this.switchNames)) {
					if (fingerprints[position] == 0) {
						fingerprints[position] = EventSeries.fingerprint(event);
					}
					takenBy(taken, rule, batch.length).add(position);
				}
			}
		}
		for (Taken take : taken) {
			int refused = take.rule.table.add(batch, fingerprints, take.positions, take.size, nowMillis);
			if (refused > 0) {
				this.refused.add(refused);
			}
		}
	}

	/** The rule's share of the batch; rules that match are few, so a scan finds it. */
	private static Taken takenBy(List<Taken> taken, Counted rule, int batchSize) {
		for (Taken take : taken) {
			if (take.rule == rule) {
				return take;
			}
		}
		Taken take = new Taken(rule, batchSize);
		taken.add(take);
		return take;
	}

	/**
	 * Indexes the enabled event rules; a rule whose condition and selector did not change
	 * keeps its counts.
	 */
	void useRules(List<AlertRule> rules) {
		Map<String, Counted> previous = this.byId;
		Map<String, Counted> ids = new HashMap<>();
		Map<EventKind, List<Counted>> index = new EnumMap<>(EventKind.class);
		for (AlertRule rule : rules) {
			if (rule.enabled() && rule.condition() instanceof EventCountCondition condition) {
				Counted kept = previous.get(rule.id());
				Counted counted = (kept != null && kept.sameCounting(condition, rule.selector())) ? kept
						: new Counted(condition, rule.selector(), this.maxSeriesPerRule);
				index.computeIfAbsent(condition.kind(), (kind) -> new ArrayList<>()).add(counted);
				ids.put(rule.id(), counted);
			}
		}
		this.byId = Map.copyOf(ids);
		this.byKind = index;
	}

	void useSwitchNames(Map<Long, String> names) {
		this.switchNames = Map.copyOf(names);
	}

	Map<Long, String> switchNames() {
		return this.switchNames;
	}

	/**
	 * The series of the rule with at least {@code atLeast} events in the window now, with
	 * their counts; series with no event left in the window are forgotten. Only these are
	 * returned: the others are what the engine treats as absent, and building labels and
	 * fingerprints for thousands of quiet series every tick would cost more than
	 * counting.
	 */
	Map<EventSeries, Long> countsAtLeast(String ruleId, long nowMillis, long atLeast) {
		Counted rule = this.byId.get(ruleId);
		return (rule != null) ? rule.countsAtLeast(nowMillis, atLeast) : Map.of();
	}

	/**
	 * Events not counted, since the start, because their rule already counted
	 * {@code sonde.alerts.max-series-per-rule} series: the {@code alerts} health
	 * component shows it, as a sign that a rule's selector is too wide.
	 */
	long refused() {
		return this.refused.sum();
	}

	/** The enabled event rules being counted. */
	int rules() {
		return this.byId.size();
	}

	/** One event rule's counts, per series. */
	private static final class Counted {

		private final EventCountCondition condition;

		private final AlertSelector selector;

		/**
		 * The selector's switch read as an id, when it is one: no text made per event.
		 */
		private final Long selectedSwitchId;

		private final SeriesTable table;

		Counted(EventCountCondition condition, AlertSelector selector, int maxSeries) {
			this.condition = condition;
			this.selector = selector;
			this.selectedSwitchId = (selector.switchName() != null && selector.switchName().matches("\\d{1,18}"))
					? Long.valueOf(selector.switchName()) : null;
			this.table = new SeriesTable(condition.window(), maxSeries);
		}

		boolean sameCounting(EventCountCondition other, AlertSelector otherSelector) {
			return this.condition.equals(other) && this.selector.equals(otherSelector);
		}

		boolean matches(TelemetryEvent event, Map<Long, String> switchNames) {
			if (this.condition.metric() != null && !this.condition.metric().equals(event.metric())) {
				return false;
			}
			if (this.selector.port() != null
					&& (event.port() == null || event.port().longValue() != this.selector.port().longValue())) {
				return false;
			}
			if (this.selector.switchName() != null) {
				if (event.switchId() == null) {
					return false;
				}
				if (!event.switchId().equals(this.selectedSwitchId)
						&& !this.selector.switchName().equals(switchNames.get(event.switchId()))) {
					return false;
				}
			}
			return this.selector.flow() == null
					|| (event.flow() != null && this.selector.flow().equals(event.flow().toString()));
		}

		Map<EventSeries, Long> countsAtLeast(long nowMillis, long atLeast) {
			return this.table.countsAtLeast(nowMillis, atLeast);
		}

	}

	/** The positions in a batch of the events one rule takes. */
	private static final class Taken {

		private final Counted rule;

		private final int[] positions;

		private int size;

		Taken(Counted rule, int batchSize) {
			this.rule = rule;
			this.positions = new int[batchSize];
		}

		void add(int position) {
			this.positions[this.size++] = position;
		}

	}

}
