package io.sonde.events.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.sonde.SondeApplication;
import io.sonde.alerts.AlertCondition;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;
import io.sonde.ingest.IngestStatistics;
import io.sonde.testsupport.HostProcessor;
import io.sonde.testsupport.RedisServerProcess;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

/**
 * {@code make bench-alerts}, the evaluation half: the real pipeline of
 * {@link IngestBenchmark} (Redis stream, the backend's ingest, embedded QuestDB, the live
 * stream) saturated, with the rule engine evaluating every ingested event against 100
 * enabled rules, against the same backend with those rules disabled (the engine then
 * counts nothing). Same backend, same load, phases alternating so drift falls on both;
 * the median of each, and their ratio.
 * <p>
 * The 100 rules spread as operators write them: 60 event rules over the Table I metrics,
 * four event kinds and eight switch selectors (or none), 40 live-value rules over the
 * module's live values. The run prints how many of them each ingested event matches.
 */
public final class IngestWithAlertsBenchmark {

	private static final List<String> METRICS = List.of("hop_latency", "queue_occupancy", "flow_latency",
			"link_utilization", "queue_congestion", "flow_path");

	private static final List<EventKind> KINDS = List.of(EventKind.CHANGED, EventKind.THRESHOLD, EventKind.NEW_KEY,
			EventKind.RECOVERY);

	/** The switch ids IngestBenchmark's events carry (11 to 18). */
	private static final int FIRST_SWITCH = 11;

	private IngestWithAlertsBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int seconds = (args.length > 0) ? Integer.parseInt(args[0]) : 30;
		int runs = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		// As IngestBenchmark: the JIT and QuestDB's writers are still speeding the
		// pipeline up well into the second minute, a drift that would fall on whichever
		// phase comes later.
		int warmUp = (args.length > 2) ? Integer.parseInt(args[2]) : 180;
		System.out.println("BENCH_INFO cpu " + HostProcessor.describe());
		Path data = Files.createTempDirectory("sonde-bench-alerts");
		try (RedisServerProcess redis = RedisServerProcess.start()) {
			RedisClient client = RedisClient.create("redis://127.0.0.1:" + redis.port());
			ConfigurableApplicationContext backend = new SpringApplicationBuilder(SondeApplication.class).run(
					"--server.port=0", "--spring.data.redis.port=" + redis.port(),
					"--sonde.timeseries.questdb.data-dir=" + data, "--logging.level.root=warn",
					"--sonde.ingest.consumers=" + IngestBenchmark.CONSUMERS);
			try {
				measure(backend, client, seconds, runs, warmUp);
			}
			finally {
				backend.close();
				client.shutdown();
			}
		}
		finally {
			FileSystemUtils.deleteRecursively(data);
		}
		System.exit(0);
	}

	private static void measure(ConfigurableApplicationContext backend, RedisClient client, int seconds, int runs,
			int warmUp) throws InterruptedException {
		AlertRules rules = backend.getBean(AlertRules.class);
		IngestStatistics statistics = backend.getBean(IngestStatistics.class);
		List<AlertRule> hundred = hundredRules();
		hundred.forEach((rule) -> rules.create(rule, "bench", "bench-alerts"));
		System.out.printf("BENCH_INFO %d rules (%d event rules); an ingested event matches %.1f of them%n",
				hundred.size(),
				hundred.stream().filter((rule) -> rule.condition() instanceof EventCountCondition).count(),
				matchedPerEvent(hundred));

		AtomicBoolean producing = new AtomicBoolean(true);
		AtomicLong produced = new AtomicLong();
		Thread producer = new Thread(() -> produce(client, statistics, producing, produced), "bench-producer");
		producer.start();
		Thread.sleep(warmUp * 1000L);

		double[] with = new double[runs];
		double[] without = new double[runs];
		double[] ratios = new double[runs];
		for (int run = 0; run < runs; run++) {
			// Alternating which phase comes first, so a drift of the host's speed
			// within a pair does not favour one side.
			boolean enabledFirst = run % 2 == 0;
			for (boolean enabled : new boolean[] { enabledFirst, !enabledFirst }) {
				setEnabled(rules, hundred, enabled);
				Thread.sleep(3000);
				long stored0 = statistics.stored();
				long start = System.nanoTime();
				Thread.sleep(seconds * 1000L);
				double rate = (statistics.stored() - stored0) / ((System.nanoTime() - start) / 1e9);
				(enabled ? with : without)[run] = rate;
				System.out.printf("  run %d, rules %s: %,.0f events/s%n", run + 1, enabled ? "on " : "off", rate);
			}
			ratios[run] = with[run] / without[run];
		}
		producing.set(false);
		producer.join(30_000);
		// The ratio is the median of each pair's: a pair's two phases are a minute apart,
		// the runs several minutes, so a pair compares like with like.
		System.out.printf("BENCH alert_eval_events_per_s %.0f ratio %.3f (events/s ingested and evaluated against "
				+ "100 rules, median of %d x %d s; ratio: median of each run's with/without, %.3f-%.3f, the rules "
				+ "disabled giving %.0f events/s; target: ratio >= 0.90)%n", median(with), median(ratios), runs,
				seconds, Arrays.stream(ratios).min().orElse(0), Arrays.stream(ratios).max().orElse(0), median(without));
	}

	/** IngestBenchmark's producer, saturating, with its backlog kept under its cap. */
	private static void produce(RedisClient client, IngestStatistics statistics, AtomicBoolean producing,
			AtomicLong produced) {
		IngestBenchmark.DetectionClock clock = new IngestBenchmark.DetectionClock();
		try (StatefulRedisConnection<String, byte[]> connection = client.connect(IngestBenchmark.BYTE_VALUES)) {
			long seq = 1;
			while (producing.get()) {
				if (produced.get() - statistics.stored() > IngestBenchmark.MAX_BACKLOG) {
					Thread.sleep(5);
					continue;
				}
				IngestBenchmark.produce(connection, IngestBenchmark.STREAM, "bench", seq, IngestBenchmark.PIPELINE,
						true, clock);
				seq += IngestBenchmark.PIPELINE;
				produced.addAndGet(IngestBenchmark.PIPELINE);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static List<AlertRule> hundredRules() {
		List<AlertRule> rules = new ArrayList<>();
		for (int i = 0; i < 60; i++) {
			String metric = METRICS.get(i % METRICS.size());
			EventKind kind = KINDS.get((i / METRICS.size()) % KINDS.size());
			// A third watch every switch, the rest one switch each.
			String switchName = (i % 3 == 0) ? null : Integer.toString(FIRST_SWITCH + i % 8);
			// Counts no burst of this load reaches: the engine counts, nothing fires.
			rules.add(rule("events-" + i, new EventCountCondition(kind, metric, 1_000_000, Duration.ofMinutes(1)),
					new AlertSelector(switchName, null, null)));
		}
		List<String> values = List.of("labeling.coverage", "switch.unreachable_seconds", "probes.session_failed",
				"collector.drops_per_s", "ingest.lag_ms");
		for (int i = 0; i < 40; i++) {
			String value = values.get(i % values.size());
			Comparison comparison = value.equals("labeling.coverage") ? Comparison.BELOW : Comparison.ABOVE;
			double bound = value.equals("labeling.coverage") ? -1 : 1e12;
			rules.add(rule("values-" + i, new LiveValueCondition(value, comparison, bound), AlertSelector.ANY));
		}
		return rules;
	}

	private static AlertRule rule(String id, AlertCondition condition, AlertSelector selector) {
		return new AlertRule(id, id, AlertSeverity.WARNING, condition, selector, Duration.ofSeconds(5),
				Duration.ofMinutes(5), Map.of(), Map.of(), true);
	}

	private static void setEnabled(AlertRules rules, List<AlertRule> hundred, boolean enabled) {
		for (AlertRule rule : hundred) {
			rules.update(rule.id(),
					new AlertRule(rule.id(), rule.name(), rule.severity(), rule.condition(), rule.selector(),
							rule.forDuration(), rule.repeatInterval(), rule.labels(), rule.annotations(), enabled),
					"bench", enabled ? "bench: rules on" : "bench: rules off");
		}
	}

	/**
	 * Rules an IngestBenchmark event (CHANGED hop_latency at one of switches 11 to 18)
	 * matches, averaged over the eight switches.
	 */
	private static double matchedPerEvent(List<AlertRule> rules) {
		long matches = 0;
		for (int switchId = FIRST_SWITCH; switchId < FIRST_SWITCH + 8; switchId++) {
			for (AlertRule rule : rules) {
				if (rule.condition() instanceof EventCountCondition condition && condition.kind() == EventKind.CHANGED
						&& "hop_latency".equals(condition.metric()) && (rule.selector().switchName() == null
								|| rule.selector().switchName().equals(Integer.toString(switchId)))) {
					matches++;
				}
			}
		}
		return matches / 8.0;
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

}
