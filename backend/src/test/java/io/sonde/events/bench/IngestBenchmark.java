package io.sonde.events.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lettuce.core.Consumer;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.sonde.SondeApplication;
import io.sonde.ingest.IngestStatistics;
import io.sonde.testsupport.HostProcessor;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

/**
 * The telemetry pipeline end to end: a producer XADDs contract-v2 entries (256 events
 * each, as the XDP daemon batches them) to {@code sonde:stream:events} as fast as the
 * backend takes them (backlog capped), the backend's ingest stores them in embedded
 * QuestDB and appends them to the live stream, sustained for a minute. Meanwhile a probe
 * XADDs one entry every 20 ms and an SSE client of {@code /api/v1/events/stream},
 * filtered to the probe's source, times each one from its XADD to its arrival.
 * <p>
 * Baseline from the same run, same Redis, same entries: XREADGROUP + XACK alone (what the
 * consumer costs without parsing, storing or the live stream).
 * <p>
 * {@code make bench-ingest [BENCH_ARGS="seconds warm-up --setting=value ..."]};
 * everything shares this machine's cores (producer, Redis, backend, QuestDB), and the
 * producer shares this JVM with the backend: a profile of the saturated run put about a
 * third of the JVM's samples in the producer's Redis client.
 */
public final class IngestBenchmark {

	static final String STREAM = "sonde:stream:events";

	/**
	 * The producer's connections: values encoded by String.getBytes, an array copy, not
	 * the client's character-at-a-time encoder (the producer shares the cores it
	 * measures).
	 */
	static final RedisCodec<String, byte[]> BYTE_VALUES = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);

	/** Ingest consumers of the backend: one per core. */
	static final int CONSUMERS = 2;

	/**
	 * Flows of the workload: the largest of the paper's (Section V-B2: 1,000 to 5,000).
	 */
	private static final int FLOWS = 5000;

	/** Events per contract-v2 entry, the XDP daemon's default {@code --batch}. */
	private static final int EVENTS_PER_ENTRY = 256;

	/** Events per pipelined round of the producer. */
	static final int PIPELINE = 40 * EVENTS_PER_ENTRY;

	/** The producer waits while this many entries are not stored yet. */
	static final long MAX_BACKLOG = 300_000;

	private IngestBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int seconds = (args.length > 0) ? Integer.parseInt(args[0]) : 60;
		// Three minutes at full load before measuring: the rate is what a backend
		// that has run a while sustains: the JIT is still compiling well into the
		// second minute of a run, and longer warm-ups gave higher rates on the same
		// host (docs/BENCHMARKS.md, ingest).
		int warmUp = (args.length > 1) ? Integer.parseInt(args[1]) : 180;
		// make bench-ingest gives a scratch volume (scripts/data-volume.sh); the store's
		// file system is part of the figure, so it is printed with it.
		String parent = System.getProperty("sonde.bench.data");
		Path data = (parent != null) ? Files.createTempDirectory(Path.of(parent), "sonde-bench-ingest")
				: Files.createTempDirectory("sonde-bench-ingest");
		System.out.println("BENCH_INFO store data in " + data + " on " + fileSystemOf(data));
		System.out.println("BENCH_INFO cpu " + HostProcessor.describe());
		try (RedisServerProcess redis = RedisServerProcess.start()) {
			RedisClient client = RedisClient.create("redis://127.0.0.1:" + redis.port());
			System.out.printf("BENCH baseline_xreadgroup_xack_per_s %.0f events/s (contract v2, %d events an entry)%n",
					baseline(client, true), EVENTS_PER_ENTRY);
			System.out.printf(
					"BENCH baseline_xreadgroup_xack_v1_per_s %.0f events/s (contract v1, one event an entry)%n",
					baseline(client, false));

			List<String> settings = new ArrayList<>(
					List.of("--server.port=0", "--spring.data.redis.port=" + redis.port(),
							"--sonde.timeseries.questdb.data-dir=" + data, "--logging.level.root=warn",
							"--sonde.ingest.consumers=" + CONSUMERS, "--sonde.security.api-tokens[0].name=bench",
							"--sonde.security.api-tokens[0].sha256=" + ApiCaller.sha256Hex(ApiCaller.VIEWER_TOKEN),
							"--sonde.security.api-tokens[0].roles=VIEWER"));
			// Further arguments are the backend's settings, for comparisons
			// (--sonde.events.direct-writes=false ...). A setting given twice would bind
			// as a list: a given one replaces ours.
			for (String arg : List.of(args).subList(Math.min(2, args.length), args.length)) {
				String name = arg.substring(0, Math.max(0, arg.indexOf('=')) + 1);
				settings.removeIf((setting) -> !name.isEmpty() && setting.startsWith(name));
				settings.add(arg);
			}
			ConfigurableApplicationContext backend = new SpringApplicationBuilder(SondeApplication.class)
				.run(settings.toArray(String[]::new));
			try {
				int port = ((WebServerApplicationContext) backend).getWebServer().getPort();
				IngestStatistics statistics = backend.getBean(IngestStatistics.class);
				run(client, port, statistics, seconds, warmUp, redis.pid());
			}
			finally {
				backend.close();
				client.shutdown();
			}
		}
		finally {
			// Gigabytes after a run: a benchmark run again and again must not
			// fill the disk.
			FileSystemUtils.deleteRecursively(data);
		}
		System.exit(0);
	}

	/**
	 * XREADGROUP + XACK alone over 512,000 prefilled events of the same shape: in
	 * version-2 entries of 256 (COUNT 40), and in version-1 entries of one (COUNT 1000).
	 */
	private static double baseline(RedisClient client, boolean batched) {
		String stream = "bench:baseline";
		int total = 512_000;
		DetectionClock clock = new DetectionClock();
		try (StatefulRedisConnection<String, String> connection = client.connect();
				StatefulRedisConnection<String, byte[]> producing = client.connect(BYTE_VALUES)) {
			RedisCommands<String, String> sync = connection.sync();
			sync.xgroupCreate(XReadArgs.StreamOffset.from(stream, "0"), "backend", XGroupCreateArgs.Builder.mkstream());
			for (int seq = 1; seq <= total; seq += PIPELINE) {
				produce(producing, stream, "baseline", seq, PIPELINE, batched, clock);
			}
			long start = System.nanoTime();
			long read = 0;
			Consumer<String> me = Consumer.from("backend", "bench");
			while (read < total) {
				List<StreamMessage<String, String>> batch = sync.xreadgroup(me,
						XReadArgs.Builder.count(batched ? 40 : 1000), XReadArgs.StreamOffset.lastConsumed(stream));
				if (batch.isEmpty()) {
					break;
				}
				sync.xack(stream, "backend", batch.stream().map(StreamMessage::getId).toArray(String[]::new));
				for (StreamMessage<String, String> entry : batch) {
					read += batched ? Long.parseLong(entry.getBody().get("count")) : 1;
				}
			}
			double rate = read / ((System.nanoTime() - start) / 1e9);
			sync.del(stream);
			return rate;
		}
	}

	private static void run(RedisClient client, int port, IngestStatistics statistics, int seconds, int warmUp,
			long redisPid) throws Exception {
		AtomicBoolean producing = new AtomicBoolean(true);
		AtomicLong produced = new AtomicLong();
		AtomicLong targetRate = new AtomicLong();
		AtomicBoolean batched = new AtomicBoolean(true);
		// One collector's clock for the bulk and the probe, so the stream is in
		// detection order (DetectionClock).
		DetectionClock clock = new DetectionClock();
		Thread producer = new Thread(() -> {
			try (StatefulRedisConnection<String, byte[]> connection = client.connect(BYTE_VALUES)) {
				long seq = 1;
				long paceStart = System.nanoTime();
				long pacedCount = 0;
				long pacedRate = 0;
				while (producing.get()) {
					long rate = targetRate.get();
					if (rate != pacedRate) {
						pacedRate = rate;
						paceStart = System.nanoTime();
						pacedCount = 0;
					}
					if (rate > 0 && pacedCount * 1_000_000_000L / rate > System.nanoTime() - paceStart) {
						Thread.sleep(1);
						continue;
					}
					if (produced.get() - statistics.stored() > MAX_BACKLOG) {
						Thread.sleep(5);
						continue;
					}
					synchronized (clock) {
						produce(connection, STREAM, "bench", seq, PIPELINE, batched.get(), clock);
					}
					seq += PIPELINE;
					pacedCount += PIPELINE;
					produced.addAndGet(PIPELINE);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "bench-producer");

		Map<Long, Long> sentAt = new ConcurrentHashMap<>();
		List<Double> latencies = new ArrayList<>();
		HttpClient http = HttpClient.newHttpClient();
		HttpRequest subscribe = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/events/stream?source=xdp:probe/eth0"))
			.header("Accept", "text/event-stream")
			.header("Authorization", "Bearer " + ApiCaller.VIEWER_TOKEN)
			.build();
		Pattern origin = Pattern.compile("\"origin\":\"xdp/probe/eth0/1/(\\d+)\"");
		AtomicBoolean measuring = new AtomicBoolean(false);
		http.sendAsync(subscribe, HttpResponse.BodyHandlers.ofLines()).thenAccept((response) -> {
			response.body().forEach((line) -> {
				long now = System.nanoTime();
				Matcher found = origin.matcher(line);
				if (line.startsWith("data:") && found.find()) {
					Long sent = sentAt.remove(Long.parseLong(found.group(1)));
					if (sent != null && measuring.get()) {
						synchronized (latencies) {
							latencies.add((now - sent) / 1e6);
						}
					}
				}
			});
		});
		Thread.sleep(500);

		Thread probe = new Thread(() -> {
			try (StatefulRedisConnection<String, String> connection = client.connect()) {
				RedisCommands<String, String> sync = connection.sync();
				long seq = 1;
				while (producing.get()) {
					synchronized (clock) {
						Map<String, String> entry = entry("probe", 1, seq, 1, clock.next(), 0);
						sentAt.put(seq, System.nanoTime());
						sync.xadd(STREAM, entry);
					}
					seq++;
					Thread.sleep(20);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "bench-probe");

		producer.start();
		probe.start();
		// Warm-up: the JIT (still compiling QuestDB's and the backend's hot paths long
		// after the start), QuestDB's writers, the live stream filling to its length.
		Thread.sleep(warmUp * 1000L);
		measuring.set(true);
		long stored0 = statistics.stored();
		long start = System.nanoTime();
		long cpu0 = cpuNanos(ProcessHandle.current().pid()) + cpuNanos(redisPid);
		for (int s = 1; s <= seconds; s++) {
			Thread.sleep(1000);
			if (s % 10 == 0) {
				System.out.printf("  %3d s: %,d stored, %,d produced, backlog %,d, dead %s, last error %s%n", s,
						statistics.stored() - stored0, produced.get(), produced.get() - statistics.stored(),
						statistics.deadLettered().values().stream().mapToLong(Long::longValue).sum(),
						statistics.lastError());
			}
		}
		long stored = statistics.stored() - stored0;
		double elapsed = (System.nanoTime() - start) / 1e9;
		double cpu = (cpuNanos(ProcessHandle.current().pid()) + cpuNanos(redisPid) - cpu0) / 1e9;
		double rate = stored / elapsed;
		double[] saturated = drain(latencies);

		// Latency at a load the pipeline sustains: half the rate just measured, after the
		// backlog of the saturated run is gone.
		targetRate.set(Math.max(1000, (long) (rate / 2)));
		measuring.set(false);
		while (produced.get() - statistics.stored() > PIPELINE * 2) {
			Thread.sleep(100);
		}
		Thread.sleep(2000);
		measuring.set(true);
		long paced0 = statistics.stored();
		long pacedStart = System.nanoTime();
		Thread.sleep(20_000);
		double pacedRate = (statistics.stored() - paced0) / ((System.nanoTime() - pacedStart) / 1e9);
		double[] paced = drain(latencies);
		measuring.set(false);

		// Baseline in the same run: the same pipeline fed contract-v1 entries (one event
		// each, what collectors sent before version 2), saturated for 30 s.
		targetRate.set(0);
		batched.set(false);
		Thread.sleep(10_000);
		long v1Stored0 = statistics.stored();
		long v1Start = System.nanoTime();
		Thread.sleep(30_000);
		double v1Rate = (statistics.stored() - v1Stored0) / ((System.nanoTime() - v1Start) / 1e9);
		producing.set(false);
		producer.join(30_000);
		probe.join(5_000);

		System.out.printf("BENCH ingest_events_per_s %.0f events/s (%,d events in %.1f s, sustained, backlog kept)%n",
				rate, stored, elapsed);
		System.out.printf(
				"BENCH ingest_cpu_us_per_event %.2f us (CPU time of this JVM and redis-server over the "
						+ "measured window per event stored: %.0f %% of %d cores; the JVM includes the producer)%n",
				cpu * 1e6 / stored, 100 * cpu / elapsed / Runtime.getRuntime().availableProcessors(),
				Runtime.getRuntime().availableProcessors());
		System.out.printf("BENCH baseline_ingest_v1_events_per_s %.0f events/s (the same pipeline fed one-event "
				+ "contract-v1 entries, 30 s, same run)%n", v1Rate);
		if (paced.length == 0) {
			System.out.println("BENCH event_to_browser_p99_ms NaN ms (no probe event arrived)");
		}
		else {
			System.out.printf("BENCH event_to_browser_p50_ms %.1f ms (background load %.0f events/s)%n",
					percentile(paced, 0.50), pacedRate);
			System.out.printf("BENCH event_to_browser_p99_ms %.1f ms (%d probes, max %.1f ms, background load %.0f "
					+ "events/s)%n", percentile(paced, 0.99), paced.length, paced[paced.length - 1], pacedRate);
		}
		if (saturated.length > 0) {
			System.out.printf("BENCH event_to_browser_saturated_p99_ms %.1f ms (%d probes queued behind the backlog "
					+ "of the saturated run)%n", percentile(saturated, 0.99), saturated.length);
		}
	}

	/**
	 * The mount that holds {@code path}, as /proc/self/mounts gives it: device, file
	 * system and options ({@code discard} among them or not).
	 */
	private static String fileSystemOf(Path path) throws IOException {
		String real = path.toRealPath().toString();
		String best = "unknown";
		int bestLength = -1;
		for (String line : Files.readAllLines(Path.of("/proc/self/mounts"))) {
			String[] fields = line.split(" ");
			if (fields.length < 4) {
				continue;
			}
			String mountPoint = fields[1];
			boolean holds = real.equals(mountPoint)
					|| real.startsWith(mountPoint.endsWith("/") ? mountPoint : mountPoint + "/");
			if (holds && mountPoint.length() > bestLength) {
				bestLength = mountPoint.length();
				best = fields[0] + " at " + mountPoint + ", " + fields[2] + " (" + fields[3] + ")";
			}
		}
		return best;
	}

	/**
	 * User and system CPU time of a process so far (the JDK reads /proc on Linux). Why a
	 * figure of its own: on a shared virtual machine the rate moves between runs with the
	 * host's load; the CPU an event costs moves less, and says whether a change made the
	 * pipeline cheaper or only busier.
	 */
	private static long cpuNanos(long pid) {
		return ProcessHandle.of(pid)
			.flatMap((process) -> process.info().totalCpuDuration())
			.orElseThrow(() -> new IllegalStateException("no CPU time for process " + pid))
			.toNanos();
	}

	private static double[] drain(List<Double> latencies) {
		synchronized (latencies) {
			double[] sorted = latencies.stream().mapToDouble(Double::doubleValue).sorted().toArray();
			latencies.clear();
			return sorted;
		}
	}

	private static double percentile(double[] sorted, double p) {
		return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
	}

	/**
	 * One pipelined round of {@code count} hop-latency events, as the collector sends
	 * them: in version-2 entries of {@link #EVENTS_PER_ENTRY}, or one version-1 entry
	 * each.
	 */
	static void produce(StatefulRedisConnection<String, byte[]> connection, String stream, String node, long firstSeq,
			int count, boolean batched, DetectionClock clock) {
		RedisAsyncCommands<String, byte[]> async = connection.async();
		XAddArgs trim = XAddArgs.Builder.maxlen(batched ? 10_000 : 1_000_000).approximateTrimming();
		List<RedisFuture<String>> replies = new ArrayList<>(count);
		connection.setAutoFlushCommands(false);
		try {
			DetectionClock.Spread times = clock.spread(count);
			long first = times.firstNs();
			long spacing = times.spacingNs();
			int step = batched ? EVENTS_PER_ENTRY : 1;
			for (int i = 0; i < count; i += step) {
				Map<String, String> entry = batched ? entry(node, 2, firstSeq + i, step, first + i * spacing, spacing)
						: v1Entry(node, 2, firstSeq + i, first + i * spacing);
				Map<String, byte[]> encoded = new HashMap<>(entry.size() * 2);
				entry.forEach((name, value) -> encoded.put(name, value.getBytes(StandardCharsets.UTF_8)));
				replies.add(async.xadd(stream, trim, encoded));
			}
			connection.flushCommands();
		}
		finally {
			connection.setAutoFlushCommands(true);
		}
		LettuceFutures.awaitAll(30, TimeUnit.SECONDS, replies.toArray(new RedisFuture<?>[0]));
	}

	/**
	 * A version-2 entry of {@code count} events numbered from {@code firstSeq}, detected
	 * from {@code tsNs} on, {@code spacingNs} apart.
	 */
	private static Map<String, String> entry(String node, long run, long firstSeq, int count, long tsNs,
			long spacingNs) {
		StringBuilder lines = new StringBuilder(count * 280);
		for (long seq = firstSeq; seq < firstSeq + count; seq++) {
			appendEventLine(lines, seq, tsNs + (seq - firstSeq) * spacingNs);
			lines.append('\n');
		}
		Map<String, String> fields = new HashMap<>(8);
		fields.put("v", "2");
		fields.put("node", node);
		fields.put("ifname", "eth0");
		fields.put("run", Long.toString(run));
		fields.put("count", Integer.toString(count));
		fields.put("events", lines.toString());
		return fields;
	}

	/**
	 * Detection times as a collector stamps them (its clock, in nanoseconds): a round's
	 * events spread evenly over the time since the previous round, in order, at least 1
	 * ns apart. At the rates measured here that is microseconds apart, as on a real
	 * network, where most of an entry's events come from different reports; a fixed 1 ns
	 * step would put a thousand events in each of QuestDB's microseconds and make every
	 * batch overlap the last one stored. The probe's events take their times from the
	 * same clock, and both XADD holding it, so the stream is in detection order: one
	 * collector's stream. (Several collectors interleave theirs: BENCHMARKS.md measures
	 * that apart.)
	 */
	static final class DetectionClock {

		private long last = epochNanos();

		/** The times of the next {@code count} events. */
		Spread spread(int count) {
			long spacing = Math.max(1, (epochNanos() - this.last) / count);
			long first = this.last + spacing;
			this.last = first + spacing * (count - 1);
			return new Spread(first, spacing);
		}

		/** One event's time: now, or just after the last one given. */
		long next() {
			this.last = Math.max(this.last + 1, epochNanos());
			return this.last;
		}

		static long epochNanos() {
			Instant now = Instant.now();
			return now.getEpochSecond() * 1_000_000_000L + now.getNano();
		}

		/** The first event's time and the gap between consecutive events. */
		record Spread(long firstNs, long spacingNs) {
		}

	}

	private static Map<String, String> v1Entry(String node, long run, long seq, long tsNs) {
		StringBuilder line = new StringBuilder(280);
		appendEventLine(line, seq, tsNs);
		Map<String, String> fields = new LinkedHashMap<>(24);
		for (String pair : line.toString().split(" ")) {
			int equals = pair.indexOf('=');
			fields.put(pair.substring(0, equals), pair.substring(equals + 1));
		}
		fields.put("v", "1");
		fields.put("node", node);
		fields.put("ifname", "eth0");
		fields.put("run", Long.toString(run));
		return fields;
	}

	/**
	 * Event {@code seq} as a contract line without its newline: a hop-latency change of
	 * one of {@link #FLOWS} flows at one of 8 switches, 40,000 keys in all. Rendered
	 * straight into the builder: the producer shares the cores with what it measures.
	 */
	private static void appendEventLine(StringBuilder line, long seq, long tsNs) {
		long flow = seq % FLOWS;
		line.append("seq=")
			.append(seq)
			.append(" kind=changed metric=hop_latency ts_ns=")
			.append(tsNs)
			.append(" value=")
			.append(200 + seq % 1000)
			.append(" previous=")
			.append(100 + seq % 1000)
			.append(" src_ip=10.0.")
			.append(flow % 250)
			.append(".2 dst_ip=10.1.0.3 src_port=")
			.append(1024 + flow / 250)
			.append(" dst_port=6000 protocol=17 switch_id=")
			.append(11 + (seq / FLOWS) % 8)
			.append(" report_seq=")
			.append(seq)
			.append(" report_hw_id=3 report_node_id=19");
	}

}
