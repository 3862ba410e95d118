package io.sonde.web.dashboard.metrics;

import java.time.Clock;
import java.util.List;

import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.collectorfleet.CollectorStatus;

import org.springframework.stereotype.Component;

/**
 * The Overview's M_all, M_event and collectors from the collectors module's accounting.
 */
@Component
class CollectorPipelineFigures implements PipelineFigures {

	private final CollectorAccounting accounting;

	private final Clock clock;

	CollectorPipelineFigures(CollectorAccounting accounting, Clock clock) {
		this.accounting = accounting;
		this.clock = clock;
	}

	@Override
	public Accounting accounting() {
		io.sonde.collectorfleet.Accounting now = this.accounting.accounting();
		return new Accounting(now.metricValues(), now.eventsStored());
	}

	@Override
	public List<Collector> collectors() {
		return this.accounting.collectors().stream().map(this::collector).toList();
	}

	private Collector collector(CollectorStatus status) {
		return new Collector(status.node() + "/" + status.ifname(), status.live(),
				(status.ageMs() != null) ? this.clock.instant().minusMillis(status.ageMs()) : null, status.counters());
	}

}
