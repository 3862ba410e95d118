package io.sonde.alerts.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;
import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.collectorfleet.CollectorStatus;

import org.springframework.beans.factory.ObjectProvider;

/**
 * {@code collector.drops_per_s}, per collector (label {@code collector}:
 * {@code node/ifname}): how fast its loss counters rose since the previous read. Loss is
 * every counter the pipeline accounting counts as lost at the collector: malformed
 * reports ({@code drop_*}), events the full ring refused ({@code events_lost},
 * {@code map_full}) and events Redis did not take ({@code redis_dropped},
 * {@code redis_rejected}). The first read of a collector, and a read after its counters
 * restarted, say 0.
 */
final class CollectorDropsValue implements LiveValueSource {

	private static final List<String> LOST = List.of("events_lost", "map_full", "redis_dropped", "redis_rejected");

	private final ObjectProvider<CollectorAccounting> accounting;

	private final Clock clock;

	private final Map<String, long[]> previous = new ConcurrentHashMap<>();

	CollectorDropsValue(ObjectProvider<CollectorAccounting> accounting, Clock clock) {
		this.accounting = accounting;
		this.clock = clock;
	}

	@Override
	public String name() {
		return "collector.drops_per_s";
	}

	@Override
	public String description() {
		return "Per collector: reports and events it lost (malformed, ring full, Redis refused) per second";
	}

	@Override
	public String unit() {
		return "1/s";
	}

	@Override
	public List<LiveValue> read() {
		CollectorAccounting collectors = this.accounting.getIfAvailable();
		if (collectors == null) {
			return List.of();
		}
		long now = this.clock.millis();
		List<LiveValue> values = new ArrayList<>();
		for (CollectorStatus collector : collectors.collectors()) {
			String name = collector.node() + "/" + collector.ifname();
			long lost = lost(collector);
			long[] before = this.previous.put(name, new long[] { now, lost });
			double rate = 0;
			if (before != null && now > before[0] && lost >= before[1]) {
				rate = (lost - before[1]) * 1000.0 / (now - before[0]);
			}
			values.add(new LiveValue(Map.of("collector", name), rate));
		}
		return values;
	}

	static long lost(CollectorStatus collector) {
		long lost = 0;
		for (String counter : collector.counters().keySet()) {
			if (counter.startsWith("drop_")) {
				lost += collector.counter(counter);
			}
		}
		for (String counter : LOST) {
			lost += collector.counter(counter);
		}
		return lost;
	}

}
