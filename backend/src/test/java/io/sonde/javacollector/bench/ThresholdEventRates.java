package io.sonde.javacollector.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.IntCollectorDetector;

/**
 * Changed-value events per second of each metric at candidate thresholds, from a capture
 * of reports (the emulator's {@code --report-pcap}): how the default T(m) were chosen
 * (docs/OPERATIONS.md, "Thresholds T(m)"). Every frame goes through the Java collector's
 * detector, one detector per candidate with every metric at that T; events in the first
 * {@code warmUp} seconds, and new keys, are not counted.
 * <p>
 * Arguments: {@code pcap reportPort warmUpSeconds T1,T2,...}, e.g. {@code reports.pcap
 * 32766 5 0,2,5,10,20}. Prints one {@code T=... metric=events/s ...} line per candidate.
 */
public final class ThresholdEventRates {

	private ThresholdEventRates() {
	}

	public static void main(String[] args) throws Exception {
		if (args.length != 4) {
			throw new IllegalArgumentException("arguments: pcap reportPort warmUpSeconds T1,T2,...");
		}
		Path pcap = Path.of(args[0]);
		int reportPort = Integer.parseInt(args[1]);
		long warmUpNanos = (long) (Double.parseDouble(args[2]) * 1e9);
		for (long threshold : Arrays.stream(args[3].split(",")).mapToLong(Long::parseUnsignedLong).toArray()) {
			IntCollectorDetector detector = new IntCollectorDetector(reportPort);
			for (CollectorMetric metric : CollectorMetric.values()) {
				detector.setThreshold(metric, threshold);
			}
			Map<CollectorMetric, Long> changed = new EnumMap<>(CollectorMetric.class);
			long[] span = { -1, 0 };
			EmulatedReports.readFrames(pcap, (frame, nanos) -> {
				if (span[0] < 0) {
					span[0] = nanos;
				}
				span[1] = nanos;
				for (CollectorEvent event : detector.detectFrame(frame, nanos)) {
					if (nanos - span[0] >= warmUpNanos && event.kind() == CollectorEventKind.CHANGED) {
						changed.merge(event.metric(), 1L, Long::sum);
					}
				}
			});
			double seconds = Math.max(1e-9, (span[1] - span[0] - warmUpNanos) / 1e9);
			StringBuilder line = new StringBuilder("T=" + Long.toUnsignedString(threshold));
			for (CollectorMetric metric : CollectorMetric.values()) {
				line.append(String.format(" %s=%.2f/s", metric.wireName(), changed.getOrDefault(metric, 0L) / seconds));
			}
			System.out.println(line);
		}
	}

}
