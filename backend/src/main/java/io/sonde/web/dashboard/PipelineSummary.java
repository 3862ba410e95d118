package io.sonde.web.dashboard;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.collectorfleet.CollectorStatus;

/**
 * The Overview's telemetry-pipeline card, as JSON for overview.js: the event rate, and
 * the storage accounting (M_all, M_event) and the collectors from the collectors module's
 * {@link CollectorAccounting}.
 *
 * @param eventsPerSecond mean over the last seconds
 * @param accounting M_all and M_event; null when nothing accounts yet
 * @param reduction M_all / M_event; null with accounting
 * @param collectors null when nothing lists them yet
 * @param unavailable why the figures could not be read now (Redis down, ...); null when
 * they were
 */
public record PipelineSummary(double eventsPerSecond, Accounting accounting, Double reduction,
		List<Collector> collectors, String unavailable) {

	/**
	 * @param accounting null when no bean of it exists in this service
	 */
	static PipelineSummary of(double eventsPerSecond, CollectorAccounting accounting, Clock clock) {
		if (accounting == null) {
			return new PipelineSummary(eventsPerSecond, null, null, null, null);
		}
		try {
			io.sonde.collectorfleet.Accounting now = accounting.accounting();
			Accounting figures = new Accounting(now.metricValues(), now.eventsStored());
			List<Collector> collectors = accounting.collectors()
				.stream()
				.map((status) -> Collector.of(status, clock))
				.toList();
			return new PipelineSummary(eventsPerSecond, figures, figures.reduction(), collectors, null);
		}
		catch (RuntimeException ex) {
			// The Overview is where an operator looks when something is down: it renders
			// without these figures and says why.
			return new PipelineSummary(eventsPerSecond, null, null, null, ex.getMessage());
		}
	}

	/**
	 * @param all values that would have been stored without event detection (M_all)
	 * @param stored values stored (M_event)
	 */
	public record Accounting(long all, long stored) {

		/** M_all / M_event; 0 while nothing was stored. */
		public double reduction() {
			return (this.stored == 0) ? 0 : (double) this.all / this.stored;
		}

	}

	/**
	 * @param name {@code node/ifname}
	 * @param alive whether it reported within its interval
	 * @param lastSeen when it last reported its counters
	 * @param counters its counters by name, as it reports them (text: a collector may
	 * write any field)
	 */
	public record Collector(String name, boolean alive, Instant lastSeen, Map<String, String> counters) {

		static Collector of(CollectorStatus status, Clock clock) {
			return new Collector(status.node() + "/" + status.ifname(), status.live(),
					(status.ageMs() != null) ? clock.instant().minusMillis(status.ageMs()) : null, status.counters());
		}

	}

}
