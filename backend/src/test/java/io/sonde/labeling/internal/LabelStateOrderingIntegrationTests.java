package io.sonde.labeling.internal;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.labeling.internal.LabelStateStore.PendingItem;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Algorithm 4's newer-wins rule held by the collection script in a real redis-server: an
 * older item never overwrites a newer one, in one batch, across batches, and with several
 * threads on connections of their own applying shuffled items at once; a switch's new
 * clock epoch wins over a higher label time of the epoch before. A batch of exports comes
 * back as one update per export with only its applied items, and a specific flow's path.
 */
class LabelStateOrderingIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	private LabelStateStore store;

	private StringRedisTemplate template;

	@BeforeEach
	void emptyRedis() {
		this.template = template();
		this.template.getConnectionFactory().getConnection().serverCommands().flushAll();
		this.store = new LabelStateStore(this.template);
	}

	@AfterEach
	void closeConnections() {
		this.factories.forEach(LettuceConnectionFactory::destroy);
	}

	@Test
	void appliesANewerItemAndKeepsANewerOneAgainstAnOlder() {
		PortKey port = new PortKey("leaf-1", 2);

		assertThat(this.store.apply(List.of(item(port, 1, 100, 7)))).containsExactly(0);
		assertThat(this.store.apply(List.of(item(port, 1, 90, 8)))).isEmpty();
		assertThat(this.store.apply(List.of(item(port, 1, 100, 9)))).as("an equal label time is not newer").isEmpty();
		assertThat(this.store.apply(List.of(item(port, 1, 101, 10)))).containsExactly(0);

		assertThat(only(port).labelTime()).isEqualTo(101);
		assertThat(only(port).hopLatency()).isEqualTo(10);
	}

	@Test
	void appliesOnlyTheNewerItemsOfOneBatchAndSaysWhich() {
		PortKey a = new PortKey("leaf-1", 1);
		PortKey b = new PortKey("spine-1", 3);
		this.store.apply(List.of(item(a, 1, 500, 1)));

		List<Integer> applied = this.store
			.apply(List.of(item(a, 1, 400, 2), item(b, 1, 50, 3), item(b, 1, 40, 4), item(a, 1, 600, 5)));

		assertThat(applied).containsExactly(1, 3);
		assertThat(only(a).labelTime()).isEqualTo(600);
		assertThat(only(b).labelTime()).isEqualTo(50);
	}

	@Test
	void aNewEpochWinsOverTheLabelTimesOfTheEpochBefore() {
		PortKey port = new PortKey("leaf-2", 4);
		this.store.apply(List.of(item(port, 3, 9_000_000, 1)));

		assertThat(this.store.apply(List.of(item(port, 4, 12, 2)))).containsExactly(0);
		assertThat(this.store.apply(List.of(item(port, 3, 9_000_001, 3)))).as("the restarted switch's epoch before")
			.isEmpty();
		assertThat(only(port).labelTime()).isEqualTo(12);
	}

	@Test
	void refreshesThePortsAgingKeyWithKTimesTOnlyWhenApplied() {
		PortKey port = new PortKey("leaf-1", 5);
		this.store.apply(List.of(item(port, 1, 10, 1)));
		Long ttl = this.template.getExpire(LabelKeys.agingKey(port), TimeUnit.MILLISECONDS);
		assertThat(ttl).isBetween(1L, 150L);

		this.template.delete(LabelKeys.agingKey(port));
		this.store.apply(List.of(item(port, 1, 5, 1)));
		assertThat(this.template.hasKey(LabelKeys.agingKey(port))).as("an older item does not refresh it").isFalse();
	}

	@Test
	void concurrentWritersOnTheirOwnConnectionsLeaveTheNewestItemOfEveryPort() throws Exception {
		int threads = 6;
		int portsCount = 24;
		int perPort = 300;
		List<PortKey> ports = new ArrayList<>();
		for (int p = 0; p < portsCount; p++) {
			ports.add(new PortKey("s" + (p % 4), p));
		}
		List<PendingItem> all = new ArrayList<>();
		for (PortKey port : ports) {
			for (int t = 1; t <= perPort; t++) {
				all.add(item(port, 1, t, t));
			}
		}
		Collections.shuffle(all, new Random(24));
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<Integer>> done = new ArrayList<>();
		try {
			for (int w = 0; w < threads; w++) {
				List<PendingItem> mine = new ArrayList<>();
				for (int i = w; i < all.size(); i += threads) {
					mine.add(all.get(i));
				}
				LabelStateStore own = new LabelStateStore(template());
				done.add(pool.submit(() -> {
					start.await();
					int applied = 0;
					for (int i = 0; i < mine.size(); i += 17) {
						applied += own.apply(mine.subList(i, Math.min(mine.size(), i + 17))).size();
					}
					return applied;
				}));
			}
			start.countDown();
			int appliedInAll = 0;
			for (Future<Integer> writer : done) {
				appliedInAll += writer.get(2, TimeUnit.MINUTES);
			}
			assertThat(appliedInAll).isBetween(portsCount, portsCount * perPort);
		}
		finally {
			pool.shutdownNow();
		}

		List<PortLabelState> latest = this.store.latest();
		assertThat(latest).hasSize(portsCount);
		latest.forEach((state) -> {
			assertThat(state.labelTime()).as(state.port().toString()).isEqualTo(perPort);
			assertThat(state.hopLatency()).as(state.port().toString()).isEqualTo(perPort);
		});
	}

	@Test
	void collectsExportsIntoOneUpdatePerExportAndKeepsASpecificFlowsPath() throws Exception {
		ExportCollector collector = new ExportCollector(this.store,
				(device) -> (device == 9) ? Optional.empty() : Optional.of("s" + device), (name) -> 1, (name) -> 150);
		Instant at = Instant.parse("2026-11-27T09:00:00Z");
		Inet4Address source = (Inet4Address) InetAddress.getByName("10.0.0.1");
		Inet4Address destination = (Inet4Address) InetAddress.getByName("10.0.1.2");
		LabeledPacket first = new LabeledPacket(17, false, List.of(labelItem(1, 3, 100), labelItem(2, 4, 200)), source,
				destination, 4000, 5000);
		LabeledPacket specific = new LabeledPacket(17, true,
				List.of(labelItem(1, 3, 90), labelItem(9, 1, 10), labelItem(2, 4, 300)), source, destination, 4001,
				5001);

		ExportCollector.Collected collected = collector
			.collect(List.of(new Export("s2", first, at), new Export("s2", specific, at.plusMillis(1))));

		assertThat(collected.items()).as("the unknown device's item is left out").isEqualTo(4);
		assertThat(collected.applied()).isEqualTo(3);
		assertThat(collector.unknownDeviceItems()).isEqualTo(1);
		assertThat(collected.updates()).hasSize(2);
		assertThat(collected.updates().get(0).applied()).extracting(PortLabelState::labelTime)
			.containsExactly(100L, 200L);
		assertThat(collected.updates().get(1).applied()).as("s1:3's 90 is older than its 100")
			.extracting(PortLabelState::labelTime)
			.containsExactly(300L);
		assertThat(collected.paths()).singleElement().satisfies((path) -> {
			assertThat(path.flow()).isEqualTo("10.0.0.1:4001>10.0.1.2:5001/17");
			assertThat(path.hops()).extracting(PortLabelState::port)
				.containsExactly(new PortKey("s1", 3), new PortKey("s2", 4));
		});
	}

	@Test
	void namesPortsAndAgingKeysBackEvenWithColonsInSwitchNames() {
		PortKey port = new PortKey("pod:1:leaf", 7);
		assertThat(LabelKeys.port(LabelKeys.agingKey(port))).contains(port);
		assertThat(LabelKeys.port(LabelKeys.portKey(port))).contains(port);
		assertThat(LabelKeys.port("sonde:labeling:aging:nothing")).isEqualTo(Optional.empty());
	}

	private PortLabelState only(PortKey port) {
		return this.store.latest().stream().filter((state) -> state.port().equals(port)).findFirst().orElseThrow();
	}

	private static LabelItem labelItem(long device, int egressPort, long labelTime) {
		return new LabelItem(device, 1, egressPort, labelTime, 5, 0, 2, 0xFFFF_FFFFL, 0, LabelReason.INTERVAL);
	}

	private static PendingItem item(PortKey port, long epoch, long labelTime, long latency) {
		return new PendingItem(port, epoch, 7, labelTime, latency, 3, 0,
				Instant.parse("2026-11-27T08:00:00Z").toEpochMilli(), 150);
	}

	private StringRedisTemplate template() {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
		factory.afterPropertiesSet();
		factory.start();
		this.factories.add(factory);
		return new StringRedisTemplate(factory);
	}

}
