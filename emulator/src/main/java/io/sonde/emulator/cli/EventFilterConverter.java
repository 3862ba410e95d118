package io.sonde.emulator.cli;

import java.util.Locale;

import io.sonde.emulator.provision.EventFilterSpec;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --event-filter}: {@code every-packet}, {@code noop},
 * {@code per-hop:METRIC:THRESHOLD}, {@code flow-sum:METRIC:THRESHOLD} or
 * {@code ema:METRIC:THRESHOLD:WEIGHT}; METRIC is {@code latency}, {@code queue},
 * {@code tx-util} or {@code buffer} (paper 003's detectors, p4-programs README "Event
 * pre-filter").
 */
final class EventFilterConverter implements ITypeConverter<EventFilterSpec> {

	static final String FORMS = "every-packet, noop, per-hop:METRIC:THRESHOLD, flow-sum:METRIC:THRESHOLD or "
			+ "ema:METRIC:THRESHOLD:WEIGHT (METRIC: latency, queue, tx-util, buffer)";

	@Override
	public EventFilterSpec convert(String value) {
		String[] parts = value.trim().toLowerCase(Locale.ROOT).split(":", -1);
		try {
			return switch (parts[0]) {
				case "every-packet" -> exactly(parts, 1, EventFilterSpec.EVERY_PACKET);
				case "noop" -> exactly(parts, 1,
						new EventFilterSpec.FastDetection(EventAlgorithm.NOOP, EventMetric.HOP_LATENCY, 0, 0));
				case "per-hop" -> exactly(parts, 3, new EventFilterSpec.FastDetection(EventAlgorithm.PER_HOP_CHANGE,
						metric(parts[1]), Long.parseLong(parts[2]), 0));
				case "flow-sum" -> exactly(parts, 3, new EventFilterSpec.FastDetection(EventAlgorithm.FLOW_SUM_CHANGE,
						metric(parts[1]), Long.parseLong(parts[2]), 0));
				case "ema" -> exactly(parts, 4, new EventFilterSpec.FastDetection(EventAlgorithm.MOVING_AVERAGE,
						metric(parts[1]), Long.parseLong(parts[2]), Integer.parseInt(parts[3])));
				default -> throw unknown(value);
			};
		}
		catch (ArrayIndexOutOfBoundsException | IllegalArgumentException ex) {
			if (ex instanceof TypeConversionException conversion) {
				throw conversion;
			}
			throw new TypeConversionException("'" + value + "': " + ex.getMessage() + "; use " + FORMS);
		}
	}

	private static EventFilterSpec exactly(String[] parts, int count, EventFilterSpec spec) {
		if (parts.length != count) {
			throw new IllegalArgumentException("wrong number of ':' parts");
		}
		return spec;
	}

	private static EventMetric metric(String name) {
		return switch (name) {
			case "latency" -> EventMetric.HOP_LATENCY;
			case "queue" -> EventMetric.QUEUE_OCCUPANCY;
			case "tx-util" -> EventMetric.TX_UTILIZATION;
			case "buffer" -> EventMetric.BUFFER_OCCUPANCY;
			default -> throw new IllegalArgumentException("unknown metric '" + name + "'");
		};
	}

	private static TypeConversionException unknown(String value) {
		return new TypeConversionException("'" + value + "' is not an event filter: use " + FORMS);
	}

}
