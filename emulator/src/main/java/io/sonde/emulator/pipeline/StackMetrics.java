package io.sonde.emulator.pipeline;

import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;

/**
 * The per-hop values the event pre-filter works on ({@code hop_metric}, {@code path_sum},
 * {@code path_max} of event_metrics.p4): the typed hops of the sink's stack, read with
 * {@link IntMdCodec} where the P4 parser has typed them, hop position 0 being the latest.
 * A value a hop does not carry, a position past the stack, a stack the parser kept as raw
 * words and an unknown metric code all read 0, as in the P4.
 */
final class StackMetrics {

	/** {@code EVENT_METRIC_*} codes 1-4, indexed by code. */
	private static final HopValue[] METRIC_VALUES = { null, HopValue.HOP_LATENCY, HopValue.QUEUE_OCCUPANCY,
			HopValue.EGRESS_TX_UTIL, HopValue.BUFFER_OCCUPANCY };

	private static final DecodeLimits LIMITS = DecodeLimits.DEFAULT.withMaxHops(IntWire.MAX_INT_HOPS);

	/** [metric code][hop position]. */
	private final long[][] values = new long[METRIC_VALUES.length][IntWire.MAX_INT_HOPS];

	private boolean loaded;

	/** Forgets the previous packet's values. */
	void clear() {
		this.loaded = false;
	}

	/** Reads the stack of a packet whose INT the parser accepted, once per packet. */
	private void load(byte[] frame, ParsedHeaders headers) {
		for (long[] metric : this.values) {
			Arrays.fill(metric, 0);
		}
		this.loaded = true;
		if (headers.hopCount == 0) {
			return;
		}
		IntMdPacket packet;
		try {
			packet = IntMdCodec.decode(frame, headers.shimOffset, headers.frameLength - headers.shimOffset, LIMITS);
		}
		catch (MalformedTelemetry ex) {
			// The parser typed this stack, so the codec must read it: a disagreement
			// is a bug.
			throw new IllegalStateException("sonde.p4's parser typed an INT stack the codec rejects", ex);
		}
		List<IntHop> hops = packet.hops();
		for (int position = 0; position < hops.size(); position++) {
			IntHop hop = hops.get(hops.size() - 1 - position);
			for (int metric = 1; metric < METRIC_VALUES.length; metric++) {
				Long value = hop.value(METRIC_VALUES[metric]);
				this.values[metric][position] = (value != null) ? value : 0;
			}
		}
	}

	/** {@code hop_metric} at hop position {@code position} (0 = latest). */
	long hop(byte[] frame, ParsedHeaders headers, int metric, int position) {
		if (!this.loaded) {
			load(frame, headers);
		}
		return (metric > 0 && metric < METRIC_VALUES.length) ? this.values[metric][position] : 0;
	}

	/** {@code path_sum}, modulo 2^32. */
	long sum(byte[] frame, ParsedHeaders headers, int metric) {
		long sum = 0;
		for (int position = 0; position < IntWire.MAX_INT_HOPS; position++) {
			sum += hop(frame, headers, metric, position);
		}
		return sum & EventMetrics.U32;
	}

	/** {@code path_max}. */
	long max(byte[] frame, ParsedHeaders headers, int metric) {
		long largest = 0;
		for (int position = 0; position < IntWire.MAX_INT_HOPS; position++) {
			largest = Math.max(largest, hop(frame, headers, metric, position));
		}
		return largest;
	}

}
