package io.sonde.javacollector.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.data.redis.core.RedisCallback;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing the Java collector published vanishes when Redis loses acknowledged writes:
 * reports stream in all along, Redis runs with append-only persistence (appendfsync
 * everysec) in a folder of the test's, and the collector writes its published log. The
 * loss a host going down with Redis causes is engineered: the AOF is cut back to its
 * length at a mark taken about a second before the kill, what it held when fsync last
 * ran. A SIGKILL alone loses acknowledged writes too under everysec: while a background
 * fsync is slow (a busy disk) Redis holds its AOF buffer back for up to 2 s and answers
 * meanwhile. With appendfsync no each write reaches the kernel before its answer, and the
 * kernel keeps it when the process dies.
 */
class StreamRecoveryIntegrationTests {

	private static final Pattern LOG_LINE = Pattern
		.compile("(re)?published \\d+-\\d+ java/" + UdpCollectorHarness.NODE + "/udp/\\d+ \\d+ [0-9,-]+ \\d{13}");

	@TempDir
	Path dir;

	private RedisServerProcess server;

	private UdpCollectorHarness harness;

	private SteadyReports reports;

	private Path log;

	@BeforeEach
	void start() throws IOException {
		this.server = RedisServerProcess.startAppendOnly(Files.createDirectories(this.dir.resolve("redis")),
				"everysec");
		this.log = this.dir.resolve("published.log");
		this.harness = new UdpCollectorHarness(Clock.systemUTC(), this.server, this.log);
		this.harness.start();
	}

	@AfterEach
	void stop() {
		if (this.reports != null) {
			this.reports.close();
		}
		this.harness.close();
	}

	@Test
	void aHealthyRunRepublishesNothingAndLogsEveryEntryRedisAcknowledged() throws Exception {
		streamFor(1500);
		awaitDelivered();

		Map<Object, Object> counters = this.harness.counters();
		assertThat(counters).containsEntry("republished", "0")
			.containsEntry("loss_checks", "0")
			.containsEntry("retain_overflow", "0");
		assertThat(Long.parseLong((String) counters.get("retained"))).isPositive();
		assertThat(Files.readAllLines(this.log)).allMatch((line) -> LOG_LINE.matcher(line).matches());
		assertThat(logged("published", 0)).hasSize((int) this.harness.publisher.published())
			.containsExactlyInAnyOrderElementsOf(streamOrigins());
		assertThat(this.harness.redis.opsForValue().get(this.harness.properties.witnessKey())).isNotNull();
	}

	@Test
	void aSigkillThatLostNothingIsCheckedAndRepublishesNothing() throws Exception {
		appendWithoutHoldingBack();
		this.reports = new SteadyReports(this.harness.collector.localPort());
		Thread.sleep(1000);
		this.server.kill();
		this.server.restart();
		Thread.sleep(1000);
		this.reports.close();
		awaitDelivered();
		UdpCollectorHarness.awaitTrue(() -> this.harness.publisher.lossChecks() > 0, "the stream checked");

		assertThat(this.harness.publisher.republished()).isZero();
		assertThat(streamOrigins()).containsAll(logged("published", 0));
	}

	@Test
	void aRestartThatLoadsForSecondsIsWaitedForRepublishingNothingAndSendingNothingTwice() throws Exception {
		appendWithoutHoldingBack();
		// 20 000 keys in the AOF's base: loaded for seconds, every write refused with
		// LOADING meanwhile.
		this.server.fillForASlowLoad(20_000);
		streamFor(500);
		awaitDelivered();
		long sentBefore = this.reports.sent();
		long publishedBefore = this.harness.publisher.published();
		// Nothing in flight at the kill, so nothing may reach the stream twice.
		this.server.kill();
		this.reports = new SteadyReports(this.harness.collector.localPort());
		this.server.restartLoadingSlowly();
		this.server.awaitLoaded();
		Thread.sleep(1000);
		this.reports.close();
		UdpCollectorHarness.awaitTrue(() -> this.harness.collector.packets() == sentBefore + this.reports.sent()
				&& this.harness.publisher.buffered() == 0 && this.harness.publisher.published() == eventsTaken(),
				"every event delivered");
		UdpCollectorHarness.awaitTrue(() -> this.harness.publisher.lossChecks() > 0, "the stream checked");

		assertThat(this.harness.publisher.published()).isGreaterThan(publishedBefore);
		assertThat(this.harness.publisher.republished()).isZero();
		assertThat(streamOrigins()).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(logged("published", 0));
	}

	@Test
	void republishesWhatRedisForgotWhenItsAofLostTheLastSecondUnderTheOldIds() throws Exception {
		this.reports = new SteadyReports(this.harness.collector.localPort());
		Thread.sleep(1000);
		Path aof = this.server.incrementalAof();
		long mark = Files.size(aof);
		Thread.sleep(1000);
		assertThat(Files.size(aof)).as("the AOF grew past the mark").isGreaterThan(mark);
		long crashed = System.currentTimeMillis();
		this.server.crashLosingAofBeyond(mark);
		this.server.restart();
		Thread.sleep(1000);
		this.reports.close();
		awaitDelivered();
		UdpCollectorHarness.awaitTrue(() -> this.harness.publisher.republished() > 0, "entries re-published");

		List<String> stream = streamOrigins();
		assertThat(stream).containsAll(logged("published", 0)).doesNotHaveDuplicates();
		assertThat(logged("republished", 0)).hasSize((int) this.harness.publisher.republished());
		// Only this collector writes, so the restarted stream's top is below the lost
		// ids and they go back under them. Unless a batch probed the old Redis and went
		// to the restarted one: it sits on top (acked after the crash, before any
		// re-publish, never re-published itself), and the lost entries go above it.
		List<String[]> lines = logLines();
		Set<String> republished = new HashSet<>();
		lines.stream().filter((line) -> line[0].equals("republished")).forEach((line) -> republished.add(line[4]));
		Map<String, String> firstIds = new HashMap<>();
		String sentOnTop = null;
		boolean republishing = false;
		for (String[] line : lines) {
			if (line[0].equals("published")) {
				firstIds.put(line[4], line[1]);
				if (!republishing && sentOnTop == null && Long.parseLong(line[5]) >= crashed
						&& !republished.contains(line[4])) {
					sentOnTop = line[1];
				}
				continue;
			}
			republishing = true;
			if (sentOnTop == null) {
				assertThat(line[1])
					.as("entry %s re-published under its old id (crash at %d; the log: %s)", line[4], crashed,
							String.join(" | ", Files.readAllLines(this.log)))
					.isEqualTo(firstIds.get(line[4]));
			}
			else {
				assertThat(compareIds(line[1], sentOnTop))
					.as("entry %s re-published above %s, sent before the check", line[4], sentOnTop)
					.isPositive();
			}
		}
		assertThat(Long.parseLong((String) this.harness.counters().get("loss_checks"))).isPositive();
	}

	@Test
	void republishesWhatAFlushAllEmptiedWhileRedisRanOn() throws Exception {
		this.reports = new SteadyReports(this.harness.collector.localPort());
		Thread.sleep(1000);
		long flushed = System.currentTimeMillis();
		this.harness.redis.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});
		Thread.sleep(1000);
		this.reports.close();
		awaitDelivered();
		UdpCollectorHarness.awaitTrue(() -> this.harness.publisher.lossChecks() > 0, "the flush noticed");

		assertThat(this.harness.publisher.republished()).isPositive();
		// The window is 5 s: everything published in the 4 s before the flush is back.
		assertThat(streamOrigins()).containsAll(logged("published", flushed - 4000));
		assertThat(this.harness.redis.hasKey(this.harness.properties.witnessKey())).isTrue();
	}

	@Test
	void noticesAFlushAllWhileNothingIsPublished() throws Exception {
		streamFor(1000);
		awaitDelivered();
		Set<String> published = logged("published", 0);
		this.harness.redis.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});
		UdpCollectorHarness.awaitTrue(() -> new HashSet<>(streamOrigins()).containsAll(published),
				"the window re-published");

		assertThat(this.harness.publisher.lossChecks()).isEqualTo(1);
		assertThat(this.harness.publisher.republished()).isEqualTo(published.size());
		assertThat(streamOrigins()).containsExactlyInAnyOrderElementsOf(published);
	}

	/** Every write in the AOF file before Redis answers it, so a SIGKILL loses none. */
	private void appendWithoutHoldingBack() {
		this.harness.redis.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().setConfig("appendfsync", "no");
			return null;
		});
	}

	private void streamFor(long millis) throws Exception {
		this.reports = new SteadyReports(this.harness.collector.localPort());
		Thread.sleep(millis);
		this.reports.close();
	}

	/**
	 * Every datagram sent is handled and every event taken is published: the publisher
	 * holds none, Redis acknowledged all.
	 */
	private void awaitDelivered() {
		UdpCollectorHarness.awaitTrue(() -> this.harness.collector.packets() == this.reports.sent()
				&& this.harness.publisher.buffered() == 0 && this.harness.publisher.published() > 0
				&& this.harness.publisher.published() == eventsTaken(), "every event delivered");
	}

	private long eventsTaken() {
		return Long.parseLong((String) this.harness.counters().get("events"));
	}

	/** Stream entry ids as Redis orders them: milliseconds, then sequence. */
	private static int compareIds(String a, String b) {
		String[] left = a.split("-");
		String[] right = b.split("-");
		int byTime = Long.compare(Long.parseLong(left[0]), Long.parseLong(right[0]));
		return (byTime != 0) ? byTime : Long.compare(Long.parseLong(left[1]), Long.parseLong(right[1]));
	}

	/** Every event of the stream, by origin {@code java/<node>/udp/<run>/<seq>}. */
	private List<String> streamOrigins() {
		List<String> origins = new ArrayList<>();
		for (Map<String, String> event : this.harness.events()) {
			origins.add(event.get("collector") + "/" + event.get("node") + "/" + event.get("ifname") + "/"
					+ event.get("run") + "/" + event.get("seq"));
		}
		return origins;
	}

	private List<String[]> logLines() throws IOException {
		return Files.readAllLines(this.log).stream().map((line) -> line.split(" ")).toList();
	}

	/**
	 * The origins the published log names in lines of a kind acknowledged from a time.
	 */
	private Set<String> logged(String kind, long fromMillis) throws IOException {
		Set<String> origins = new HashSet<>();
		for (String[] line : logLines()) {
			if (!line[0].equals(kind) || Long.parseLong(line[5]) < fromMillis) {
				continue;
			}
			for (String run : line[4].split(",")) {
				String[] ends = run.split("-");
				for (long seq = Long.parseLong(ends[0]); seq <= Long.parseLong(ends[ends.length - 1]); seq++) {
					origins.add(line[2] + "/" + seq);
				}
			}
		}
		return origins;
	}

}
