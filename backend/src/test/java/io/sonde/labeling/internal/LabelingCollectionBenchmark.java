package io.sonde.labeling.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Inet4Address;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.sonde.labeling.PortKey;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.testsupport.RedisServerProcess;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * {@code make bench-labeling}: exported items applied to Redis per second by result
 * collection ({@link ExportCollector} and its script, the newer-wins rule server-side),
 * sustained for 60 s, against plain HSETs of the same items pipelined by Lettuce (flushed
 * once per batch) as the baseline. The paper's fabric: 24 labeling ports of 12 switches,
 * exports of 1 to 5 items (label times rising, so each item is newer and applied, as in a
 * live network), 64 exports per script call as the live worker batches them. A
 * redis-server of its own on a free port. Median of 5 runs; prints the CPU model.
 * <p>
 * Arguments: {@code [seconds per run (60)] [runs (5)] [baseline seconds (15)]
 * [threads (2)]}: result collection runs on as many threads as the backend's workers,
 * each on ports of its own; the baseline on as many connections.
 */
public final class LabelingCollectionBenchmark {

	private static final int BATCH_EXPORTS = 64;

	private static final int SWITCHES = 12;

	private static final int PORTS = 24;

	private LabelingCollectionBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int seconds = (args.length > 0) ? Integer.parseInt(args[0]) : 60;
		int runs = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		int baselineSeconds = (args.length > 2) ? Integer.parseInt(args[2]) : 15;
		int threads = (args.length > 3) ? Integer.parseInt(args[3]) : 2;
		System.out.println("CPU " + cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores, "
				+ System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "; " + threads
				+ " collecting threads (as many baseline connections)");
		try (RedisServerProcess redis = RedisServerProcess.start()) {
			LettuceConnectionFactory factory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
			factory.afterPropertiesSet();
			factory.start();
			StringRedisTemplate template = new StringRedisTemplate(factory);
			RedisClient client = RedisClient.create(RedisURI.create("127.0.0.1", redis.port()));
			List<StatefulRedisConnection<String, String>> plain = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				StatefulRedisConnection<String, String> connection = client.connect();
				connection.setAutoFlushCommands(false);
				plain.add(connection);
			}
			ExecutorService pool = Executors.newFixedThreadPool(threads);
			try {
				Round warmUp = new Round(template, plain, 1);
				warmUp.collect(pool, Math.min(10, seconds));
				warmUp.baseline(pool, Math.min(5, baselineSeconds));
				List<Double> rates = new ArrayList<>();
				List<Double> baselines = new ArrayList<>();
				List<Double> ratios = new ArrayList<>();
				for (int run = 1; run <= runs; run++) {
					flush(template);
					Round round = new Round(template, plain, run + 1);
					double rate = round.collect(pool, seconds);
					double baseline = round.baseline(pool, baselineSeconds);
					rates.add(rate);
					baselines.add(baseline);
					ratios.add(rate / baseline);
					System.out.printf(Locale.ROOT,
							"run %d: %.0f items/s applied by result collection over %d s, "
									+ "baseline %.0f HSET items/s over %d s, ratio %.2f%n",
							run, rate, seconds, baseline, baselineSeconds, rate / baseline);
				}
				System.out.printf(Locale.ROOT, "BENCH labeling_items_per_s %.0f%n", median(rates));
				System.out.printf(Locale.ROOT, "BENCH labeling_baseline_hset_items_per_s %.0f%n", median(baselines));
				System.out.printf(Locale.ROOT, "BENCH labeling_ratio_to_baseline %.2f%n", median(ratios));
				System.out.printf(Locale.ROOT, "spread: items/s %.0f-%.0f, baseline %.0f-%.0f, ratio %.2f-%.2f%n",
						min(rates), max(rates), min(baselines), max(baselines), min(ratios), max(ratios));
			}
			finally {
				pool.shutdownNow();
				plain.forEach(StatefulRedisConnection::close);
				client.shutdown();
				factory.destroy();
			}
		}
	}

	/**
	 * One workload per thread, each on ports of its own (so its rising label times stay
	 * its own).
	 */
	private static final class Round {

		private final List<Workload> workloads = new ArrayList<>();

		private final List<StatefulRedisConnection<String, String>> plain;

		Round(StringRedisTemplate template, List<StatefulRedisConnection<String, String>> plain, long seed)
				throws IOException {
			this.plain = plain;
			for (int t = 0; t < plain.size(); t++) {
				this.workloads.add(new Workload(template, seed * 31 + t, t));
			}
		}

		double collect(ExecutorService pool, int seconds) throws Exception {
			List<Future<Double>> rates = new ArrayList<>();
			for (Workload workload : this.workloads) {
				rates.add(pool.submit(() -> workload.collect(seconds)));
			}
			double sum = 0;
			for (Future<Double> rate : rates) {
				sum += rate.get();
			}
			return sum;
		}

		double baseline(ExecutorService pool, int seconds) throws Exception {
			List<Future<Double>> rates = new ArrayList<>();
			for (int t = 0; t < this.workloads.size(); t++) {
				Workload workload = this.workloads.get(t);
				RedisAsyncCommands<String, String> commands = this.plain.get(t).async();
				rates.add(pool.submit(() -> workload.baseline(seconds, commands)));
			}
			double sum = 0;
			for (Future<Double> rate : rates) {
				sum += rate.get();
			}
			return sum;
		}

	}

	/** Exports of the paper's fabric with label times that only rise. */
	private static final class Workload {

		private final StringRedisTemplate template;

		private final LabelStateStore store;

		private final ExportCollector collector;

		private final Random random;

		private final long[] clocks = new long[PORTS];

		private final Inet4Address source;

		private final Inet4Address destination;

		private final int portOffset;

		Workload(StringRedisTemplate template, long seed, int portOffset) throws IOException {
			this.portOffset = portOffset;
			this.template = template;
			this.store = new LabelStateStore(template);
			this.collector = new ExportCollector(this.store, (device) -> Optional.of("s" + device), (name) -> 1,
					(name) -> 150);
			this.random = new Random(seed);
			this.source = (Inet4Address) InetAddress.getByAddress(new byte[] { 10, 0, 0, 1 });
			this.destination = (Inet4Address) InetAddress.getByAddress(new byte[] { 10, 0, 1, 2 });
		}

		/** Items applied per second by result collection over {@code seconds}. */
		double collect(int seconds) {
			long applied = 0;
			long start = System.nanoTime();
			long end = start + seconds * 1_000_000_000L;
			long now = start;
			while (now < end) {
				List<Export> batch = new ArrayList<>(BATCH_EXPORTS);
				for (int e = 0; e < BATCH_EXPORTS; e++) {
					batch.add(export());
				}
				applied += this.collector.collect(batch).applied();
				now = System.nanoTime();
			}
			return applied / ((now - start) / 1e9);
		}

		/**
		 * Items written per second by plain HSETs of the same fields (e, t, v), pipelined
		 * as Lettuce does best (commands buffered, flushed once per batch), same batches.
		 */
		double baseline(int seconds, RedisAsyncCommands<String, String> commands) throws Exception {
			long written = 0;
			long start = System.nanoTime();
			long end = start + seconds * 1_000_000_000L;
			long now = start;
			List<RedisFuture<Long>> replies = new ArrayList<>();
			while (now < end) {
				replies.clear();
				for (int e = 0; e < BATCH_EXPORTS; e++) {
					Export export = export();
					for (LabelItem item : export.packet().items()) {
						LabelStateStore.PendingItem pending = new LabelStateStore.PendingItem(
								new PortKey("s" + item.deviceId(), item.egressPort()), 1, item.deviceId(),
								item.labelTime(), item.hopLatency(), item.queueDepth(), item.shift(),
								export.receivedAt().toEpochMilli(), 150);
						replies.add(commands.hset(LabelKeys.portKey(pending.port()), Map.of("e", "1", "t",
								Long.toString(pending.labelTime()), "v", LabelStateStore.packed(pending))));
					}
				}
				commands.getStatefulConnection().flushCommands();
				for (RedisFuture<Long> reply : replies) {
					reply.get(30, TimeUnit.SECONDS);
				}
				written += replies.size();
				now = System.nanoTime();
			}
			return written / ((now - start) / 1e9);
		}

		private Export export() {
			int hops = 1 + this.random.nextInt(5);
			List<LabelItem> items = new ArrayList<>(hops);
			for (int h = 0; h < hops; h++) {
				int port = this.random.nextInt(PORTS);
				this.clocks[port] += 1 + this.random.nextInt(50);
				items.add(new LabelItem(this.portOffset * SWITCHES + port % SWITCHES, h + 1, port, this.clocks[port],
						3 + this.random.nextInt(40), 0, this.random.nextInt(20), 0xFFFF_FFFFL, 0,
						LabelReason.INTERVAL));
			}
			return new Export("s0", new LabeledPacket(17, false, items, this.source, this.destination, 4000, 5000),
					Instant.now());
		}

	}

	private static void flush(StringRedisTemplate template) {
		template.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});
	}

	private static double min(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
	}

	private static double max(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
	}

	private static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		sorted.sort(null);
		int middle = sorted.size() / 2;
		return (sorted.size() % 2 == 1) ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
	}

	private static String cpuModel() {
		try {
			return Files.readAllLines(Path.of("/proc/cpuinfo"))
				.stream()
				.filter((line) -> line.startsWith("model name"))
				.map((line) -> line.substring(line.indexOf(':') + 1).trim())
				.findFirst()
				.orElse("unknown");
		}
		catch (IOException ex) {
			return "unknown (" + ex.getMessage() + ")";
		}
	}

}
