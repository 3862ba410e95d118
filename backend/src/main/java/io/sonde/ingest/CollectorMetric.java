package io.sonde.ingest;

/**
 * The six metrics of INTCollector's Table I, in the order and with the names of the XDP
 * collector's {@code enum collector_metric} (xdp-collector/collector/collector.h).
 */
public enum CollectorMetric {

	/** Per flow (5-tuple): the switch ids of its path; fires on any change. */
	FLOW_PATH("flow_path"),
	/** Per flow: end-to-end latency. */
	FLOW_LATENCY("flow_latency"),
	/** Per flow and switch: the hop latency. */
	HOP_LATENCY("hop_latency"),
	/** Per switch and queue id: queue occupancy. */
	QUEUE_OCCUPANCY("queue_occupancy"),
	/** Per switch and queue id: queue congestion status (INT v0.5 bit 6 only). */
	QUEUE_CONGESTION("queue_congestion"),
	/** Per switch and egress interface: egress TX utilization. */
	LINK_UTILIZATION("link_utilization");

	private final String wireName;

	CollectorMetric(String wireName) {
		this.wireName = wireName;
	}

	/** The name the XDP collector prints (and the threshold option takes). */
	public String wireName() {
		return this.wireName;
	}

	/** The metric printed as {@code name}. */
	public static CollectorMetric ofWireName(String name) {
		for (CollectorMetric metric : values()) {
			if (metric.wireName.equals(name)) {
				return metric;
			}
		}
		throw new IllegalArgumentException("unknown metric: " + name);
	}

}
