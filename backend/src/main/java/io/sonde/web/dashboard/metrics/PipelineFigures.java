package io.sonde.web.dashboard.metrics;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the Overview shows of the telemetry pipeline besides the event rate: the storage
 * accounting (M_all, M_event) and the collectors. The metrics module answers it (an
 * adapter over its accounting and collectors facades).
 */
public interface PipelineFigures {

	Accounting accounting();

	List<Collector> collectors();

	/**
	 * @param all values that would have been stored without event detection (M_all)
	 * @param stored values stored (M_event)
	 */
	record Accounting(long all, long stored) {

		/** M_all / M_event; 0 while nothing was stored. */
		public double reduction() {
			return (this.stored == 0) ? 0 : (double) this.all / this.stored;
		}

	}

	/**
	 * @param name {@code node/ifname} or the Java collector's node
	 * @param alive whether it reported within its interval
	 * @param lastSeen when it last reported its counters
	 * @param counters its counters by name, as it reports them (text: a collector may
	 * write any field)
	 */
	record Collector(String name, boolean alive, Instant lastSeen, Map<String, String> counters) {
	}

}
