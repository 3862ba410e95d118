package io.sonde.javacollector.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.IntCollectorDetector;

/**
 * INTCollector's storage reduction (paper Section V-B2): M_all / M_event, measured by
 * running {@link IntCollectorDetector} over every report of an emulated FatTree(4)
 * ({@link EmulatedReports}: constant-rate UDP flows between random hosts, INT on every
 * packet, a TR2.0 report per packet), next to the paper's formula for the same R, k, K,
 * P, E.
 * <p>
 * M_all = R × T × k, the metric values of every report (counted by the detector: each
 * numeric value it looked at, and one path per flow report); M_event = (E + K / P) × T,
 * the events plus a periodic push of all K keys every P = 10 s. The headline is measured
 * in the steady state: the first {@code warmUp} seconds (where every key fires as new)
 * are detected on but not counted; the run including them is printed as well. Thresholds:
 * the paper's 40 ns for hop latency (Fig. 9) and for flow latency; the paper gives none
 * for the queue and link metrics, so they are set to what their Fig. 9 reasoning asks
 * (ignore small fluctuations): 2 packets of queue occupancy and congestion, and a link
 * utilization change of 10 (the INT field's unit).
 * <p>
 * Arguments: {@code [flows] [virtualSeconds] [warmUpSeconds] [frameBytes] [hostLoad]},
 * default 2000, 1, 0.25, 1000, 0.2. Prints {@code BENCH event_reduction_ratio <value>}
 * and {@code BENCH event_reduction_ratio_formula <value>}.
 */
public final class EventReductionBenchmark {

	private static final double PUSH_PERIOD_SECONDS = 10;

	private static final double HOST_LINK_BITS_PER_SECOND = 1e9;

	private static final int HOSTS = 16;

	private EventReductionBenchmark() {
	}

	/** The thresholds the benchmark runs at. */
	public static void paperThresholds(IntCollectorDetector detector) {
		detector.setThreshold(CollectorMetric.HOP_LATENCY, 40);
		detector.setThreshold(CollectorMetric.FLOW_LATENCY, 40);
		detector.setThreshold(CollectorMetric.QUEUE_OCCUPANCY, 2);
		detector.setThreshold(CollectorMetric.QUEUE_CONGESTION, 2);
		detector.setThreshold(CollectorMetric.LINK_UTILIZATION, 10);
	}

	public static void main(String[] args) throws Exception {
		int flows = (args.length > 0) ? Integer.parseInt(args[0]) : 2000;
		double seconds = (args.length > 1) ? Double.parseDouble(args[1]) : 1.0;
		double warmUp = (args.length > 2) ? Double.parseDouble(args[2]) : 0.25;
		int frameBytes = (args.length > 3) ? Integer.parseInt(args[3]) : 1000;
		double load = (args.length > 4) ? Double.parseDouble(args[4]) : 0.2;
		if (flows < 1000 || flows > 5000) {
			throw new IllegalArgumentException("the paper's workload is 1,000 to 5,000 flows: " + flows);
		}
		Logger.getLogger("").setLevel(Level.WARNING);
		double perFlow = load * HOST_LINK_BITS_PER_SECOND / (frameBytes * 8.0) * HOSTS / flows;
		Path pcap = Files.createTempFile("sonde-event-reduction-", ".pcap");
		try {
			long start = System.nanoTime();
			EmulatedReports.Run run = EmulatedReports.capture(pcap, flows, perFlow, frameBytes,
					Duration.ofNanos((long) ((seconds + warmUp) * 1e9)), 2026);
			double emulateSeconds = (System.nanoTime() - start) / 1e9;
			IntCollectorDetector detector = new IntCollectorDetector(EmulatedReports.REPORT_PORT);
			paperThresholds(detector);
			Window window = new Window(detector, (long) (warmUp * 1e9));
			start = System.nanoTime();
			EmulatedReports.readFrames(pcap, window::accept);
			double detectSeconds = (System.nanoTime() - start) / 1e9;
			print(flows, perFlow, frameBytes, seconds, warmUp, run, detector, window, emulateSeconds, detectSeconds);
		}
		finally {
			String keep = System.getProperty("sonde.bench.keepPcap");
			if (keep != null) {
				Files.move(pcap, Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
			}
			Files.deleteIfExists(pcap);
		}
	}

	private static void print(int flows, double perFlow, int frameBytes, double seconds, double warmUp,
			EmulatedReports.Run run, IntCollectorDetector detector, Window w, double emulateSeconds,
			double detectSeconds) {
		long reports = detector.reports() - w.reportsBefore;
		long values = detector.metricValues() - w.valuesBefore;
		long events = detector.events() - w.eventsBefore;
		int keys = detector.keys();
		double r = reports / seconds;
		double k = (double) values / reports;
		double e = events / seconds;
		double mAll = values;
		double mEvent = events + keys * seconds / PUSH_PERIOD_SECONDS;
		double measured = mAll / mEvent;
		double formula = (r * k) / (e + keys / PUSH_PERIOD_SECONDS);
		double whole = detector.metricValues() / (detector.events() + keys * (seconds + warmUp) / PUSH_PERIOD_SECONDS);
		System.out.printf(Locale.ROOT,
				"FatTree(4) emulated, virtual time: %d constant-rate UDP flows of %d-byte frames (%.1f pps each), "
						+ "INT on every packet, a TR2.0 report per packet; %.2f s measured after %.2f s warm-up; "
						+ "%d reports emulated in %.1f s wall, detected in %.1f s%n",
				flows, frameBytes, perFlow, seconds, warmUp, run.reports(), emulateSeconds, detectSeconds);
		System.out.printf(Locale.ROOT, "  thresholds:");
		for (CollectorMetric m : CollectorMetric.values()) {
			System.out.printf(Locale.ROOT, " %s=%d", m.wireName(), detector.threshold(m));
		}
		System.out.println();
		System.out.printf(Locale.ROOT, "  keys K=%d:", keys);
		for (CollectorMetric m : CollectorMetric.values()) {
			System.out.printf(Locale.ROOT, " %s=%d", m.wireName(), detector.keys(m));
		}
		System.out.println();
		System.out.printf(Locale.ROOT, "  events in the window: %d:", events);
		w.perMetric.forEach((m, n) -> System.out.printf(Locale.ROOT, " %s=%d", m.wireName(), n));
		System.out.println();
		System.out.printf(Locale.ROOT,
				"  R=%.0f reports/s  k=%.2f values/report  K=%d  P=%.0f s  E=%.1f events/s  T=%.2f s%n", r, k, keys,
				PUSH_PERIOD_SECONDS, e, seconds);
		System.out.printf(Locale.ROOT, "  measured: M_all=%.0f  M_event=%.1f  M_all/M_event=%.1f%n", mAll, mEvent,
				measured);
		System.out.printf(Locale.ROOT,
				"  paper's formula R*k/(E+K/P) = %.1f (the same averages, so it equals the count; the paper's own "
						+ "example, R=1 Mpps k=22 K=110240 P=10 s E=1000/s: %.0f)%n",
				formula, 22e6 / (1000 + 110240 / PUSH_PERIOD_SECONDS));
		System.out.printf(Locale.ROOT,
				"  whole run including the warm-up's new keys: M_all/M_event=%.1f (%d values, %d events)%n", whole,
				detector.metricValues(), detector.events());
		System.out.printf(Locale.ROOT, "BENCH event_reduction_ratio %.1f%n", measured);
		System.out.printf(Locale.ROOT, "BENCH event_reduction_ratio_formula %.1f%n", formula);
	}

	/** Detects on every frame; counts from the end of the warm-up. */
	private static final class Window {

		final IntCollectorDetector detector;

		final long warmUpNanos;

		final Map<CollectorMetric, Long> perMetric = new EnumMap<>(CollectorMetric.class);

		long first = -1;

		boolean counting;

		long reportsBefore;

		long valuesBefore;

		long eventsBefore;

		Window(IntCollectorDetector detector, long warmUpNanos) {
			this.detector = detector;
			this.warmUpNanos = warmUpNanos;
		}

		void accept(byte[] frame, long nanos) {
			if (this.first < 0) {
				this.first = nanos;
			}
			if (!this.counting && nanos - this.first >= this.warmUpNanos) {
				this.counting = true;
				this.reportsBefore = this.detector.reports();
				this.valuesBefore = this.detector.metricValues();
				this.eventsBefore = this.detector.events();
			}
			List<CollectorEvent> events = this.detector.detectFrame(frame, nanos);
			if (this.counting) {
				for (CollectorEvent event : events) {
					this.perMetric.merge(event.metric(), 1L, Long::sum);
				}
			}
		}

	}

}
