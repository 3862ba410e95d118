package io.sonde.alerts.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.alerts.LiveValueSource;
import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;
import io.sonde.testsupport.HostProcessor;
import io.sonde.testsupport.RedisServerProcess;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * {@code make bench-alerts}, the evaluation half: events a second through the ingest's
 * publishing point with the rule engine's listener and 100 rules, against the same
 * without the engine, in the same run, alternating, median of the runs.
 * <p>
 * The ingest stand-in, in process: two threads (the ingest's two consumers) each build
 * batches of 256 {@link TelemetryEvent}s (as the ingest maps a contract-v2 entry; 5,000
 * flows, 12 switches, every kind and metric) and publish them as {@link EventsAppended}
 * through a Spring application context, where an accounting listener counts them. With
 * the engine, the context also holds the module's {@code EventsListener} over 100 rules
 * (60 event rules over every kind and metric, some with selectors; 40 live-value rules)
 * and the evaluation loop ticking every second against a redis-server of its own. The
 * real ingest also parses entries and writes QuestDB, which this stand-in does not: the
 * engine's share of the real path is smaller than the ratio printed here.
 * <p>
 * Arguments: {@code [seconds per run (10)] [runs (5)] [warm-up seconds (10)]}.
 */
public final class AlertEvaluationBenchmark {

	private static final int THREADS = 2;

	private static final int BATCH = 256;

	private static final int FLOWS = 5000;

	private static final int SWITCHES = 12;

	private static final String[] METRICS = { "hop_latency", "queue_occupancy", "flow_latency", "link_utilization",
			"flow_path", "queue_congestion" };

	private AlertEvaluationBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int seconds = (args.length > 0) ? Integer.parseInt(args[0]) : 10;
		int runs = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		int warmUp = (args.length > 2) ? Integer.parseInt(args[2]) : 10;
		System.out
			.println("BENCH_INFO cpu " + HostProcessor.describe() + ", " + Runtime.getRuntime().availableProcessors()
					+ " cores, " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
		try (RedisServerProcess redis = RedisServerProcess.start()) {
			LettuceConnectionFactory connections = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
			connections.afterPropertiesSet();
			connections.start();
			GenericApplicationContext alone = context(null);
			GenericApplicationContext withEngine = context(new StringRedisTemplate(connections));
			try {
				run(alone, warmUp);
				run(withEngine, warmUp);
				double[] without = new double[runs];
				double[] with = new double[runs];
				for (int r = 0; r < runs; r++) {
					without[r] = run(alone, seconds);
					with[r] = run(withEngine, seconds);
					System.out.printf("BENCH_INFO run %d: ingest alone %.0f events/s, with 100 rules %.0f events/s%n",
							r + 1, without[r], with[r]);
				}
				double medianWithout = median(without);
				double medianWith = median(with);
				System.out.printf("BENCH_INFO ingest_alone_events_per_s %.0f (median of %d runs of %d s)%n",
						medianWithout, runs, seconds);
				System.out.printf("BENCH alert_eval_events_per_s %.0f ratio %.3f%n", medianWith,
						medianWith / medianWithout);
			}
			finally {
				withEngine.close();
				alone.close();
				connections.destroy();
			}
		}
	}

	/**
	 * The publishing point: an accounting listener, and with a template the engine too.
	 */
	private static GenericApplicationContext context(StringRedisTemplate redis) {
		GenericApplicationContext context = new AnnotationConfigApplicationContext();
		context.registerBean(Accounting.class, Accounting::new);
		if (redis != null) {
			Clock clock = Clock.systemUTC();
			AlertsProperties properties = AlertsProperties.defaults();
			RedisAlertStore store = new RedisAlertStore(redis, EngineHarness.JSON, properties.historyLimit(),
					"bench:alerts:");
			EventCounting counting = new EventCounting(properties.maxSeriesPerRule());
			List<LiveValueSource> sources = List.of(new Level("bench.level"), new Level("bench.other"));
			LiveValues liveValues = new LiveValues(() -> sources);
			AlertEngine engine = new AlertEngine(store, counting, liveValues, Map::of, context, clock, properties);
			StoredAlertRules rules = new StoredAlertRules(store, new AlertRuleCheck(liveValues::names), engine,
					liveValues, clock);
			store.rawRules().keySet().forEach((id) -> store.remove(id));
			hundredRules().forEach((rule) -> rules.create(rule, "bench", null));
			context.registerBean(EventsListener.class, () -> new EventsListener(counting, clock));
			context.registerBean(EvaluationLoop.class,
					() -> new EvaluationLoop(engine, properties.evaluationInterval()));
		}
		context.refresh();
		return context;
	}

	private static List<AlertRule> hundredRules() {
		List<AlertRule> rules = new ArrayList<>();
		EventKind[] kinds = EventKind.values();
		for (int i = 0; i < 60; i++) {
			String metric = (i % 7 == 0) ? null : METRICS[i % METRICS.length];
			AlertSelector selector = (i % 5 == 0) ? new AlertSelector(Long.toString(1 + i % SWITCHES), null, null)
					: (i % 5 == 1) ? new AlertSelector(null, 1 + i % 4, null) : AlertSelector.ANY;
			rules.add(new AlertRule("events-" + i, "events " + i, AlertSeverity.WARNING,
					new EventCountCondition(kinds[i % kinds.length], metric, 1000 + i, Duration.ofSeconds(30)),
					selector, Duration.ZERO, Duration.ofMinutes(5), Map.of(), Map.of(), true));
		}
		for (int i = 0; i < 40; i++) {
			rules.add(new AlertRule("value-" + i, "value " + i, AlertSeverity.INFO,
					new LiveValueCondition((i % 2 == 0) ? "bench.level" : "bench.other", Comparison.ABOVE, 10 + i),
					AlertSelector.ANY, Duration.ofSeconds(5), Duration.ofMinutes(5), Map.of(), Map.of(), true));
		}
		return rules;
	}

	/** Events a second the context took from {@value #THREADS} publishing threads. */
	private static double run(GenericApplicationContext context, int seconds) throws InterruptedException {
		Accounting accounting = context.getBean(Accounting.class);
		accounting.events.reset();
		AtomicBoolean running = new AtomicBoolean(true);
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			int offset = t;
			Thread thread = new Thread(() -> {
				long sequence = offset;
				while (running.get()) {
					context.publishEvent(new EventsAppended(batch(sequence)));
					sequence += THREADS;
				}
			}, "ingest-" + t);
			thread.start();
			threads.add(thread);
		}
		long start = System.nanoTime();
		Thread.sleep(seconds * 1000L);
		running.set(false);
		for (Thread thread : threads) {
			thread.join();
		}
		double elapsed = (System.nanoTime() - start) / 1e9;
		return accounting.events.sum() / elapsed;
	}

	/**
	 * 256 events as the ingest maps them: every kind and metric, 5,000 flows, 12
	 * switches.
	 */
	private static List<TelemetryEvent> batch(long sequence) {
		List<TelemetryEvent> events = new ArrayList<>(BATCH);
		Instant now = Instant.now();
		EventKind[] kinds = EventKind.values();
		for (int i = 0; i < BATCH; i++) {
			long n = sequence * BATCH + i;
			int flow = (int) (n % FLOWS);
			long switchId = 1 + n % SWITCHES;
			String metric = METRICS[(int) (n % METRICS.length)];
			EventFlow eventFlow = new EventFlow("10.0." + (flow / 250) + "." + (flow % 250), "10.1.0.3", 5000 + flow,
					6000, 17);
			events.add(new TelemetryEvent(null, "bench/" + n, "bench", now, kinds[(int) (n % kinds.length)], metric,
					metric + "/" + switchId + "/" + flow, n % 1000, null, switchId, null, 1 + n % 4, eventFlow,
					List.of(), null));
		}
		return events;
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	/** What the ingest's accounting does with each batch: count it. */
	static final class Accounting {

		final LongAdder events = new LongAdder();

		@EventListener
		void on(EventsAppended appended) {
			this.events.add(appended.events().size());
		}

	}

	/** A live value of one series, steady. */
	private record Level(String name) implements LiveValueSource {

		@Override
		public String description() {
			return "benchmark level";
		}

		@Override
		public String unit() {
			return "1";
		}

		@Override
		public List<LiveValue> read() {
			return List.of(new LiveValue(Map.of("switch", "1"), 1));
		}

	}

}
