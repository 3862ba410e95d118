package io.sonde.store.internal.continuity;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lettuce.core.ClientOptions;
import io.sonde.store.NoRedisDataLoss;
import io.sonde.store.RedisContinuityStatus;
import io.sonde.store.RedisDataLoss;
import io.sonde.store.RedisDataLossAcknowledged;
import io.sonde.store.RedisEpoch;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.store.internal.migration.SchemaMigrations;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.health.Status;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Several backends ("replicas") watching one real Redis of the test's own, each an
 * {@link EpochWatch} with the real migrations, checked one tick at a time: a first start
 * and an upgrade raise no alarm; an emptied or replaced Redis is a loss every replica
 * reports, one started later too, until one acknowledges, which the others adopt without
 * raising the alarm again.
 */
class EpochWatchIntegrationTests {

	private static final String REGISTRY = "sonde:switches:devices";

	private static final List<RedisStateOfRecord> STATE = List.of(
			new RedisStateOfRecord("switch registry", List.of(REGISTRY), "register the switches again"),
			new RedisStateOfRecord("topology", List.of("sonde:topology:current"), "import it again"));

	private static final ObjectMapper JSON = Jackson2ObjectMapperBuilder.json().build();

	private static RedisServerProcess redis;

	private static LettuceConnectionFactory connections;

	private static StringRedisTemplate template;

	private final List<Object> published = new ArrayList<>();

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.start();
		connect();
	}

	/**
	 * As the backend's: commands fail at once while Redis is away (RedisConfiguration).
	 */
	private static void connect() {
		LettuceClientConfiguration client = LettuceClientConfiguration.builder()
			.clientOptions(ClientOptions.builder()
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.build())
			.commandTimeout(Duration.ofSeconds(2))
			.build();
		connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", redis.port()), client);
		connections.afterPropertiesSet();
		connections.start();
		template = new StringRedisTemplate(connections);
	}

	@AfterAll
	static void stopRedis() {
		connections.destroy();
		redis.stop();
	}

	@BeforeEach
	void emptyRedis() {
		flushAll();
	}

	@AfterEach
	void forgetEvents() {
		this.published.clear();
	}

	@Test
	void firstStartOnAnEmptyRedisWritesAnEpochAndRaisesNoAlarm() {
		EpochWatch a = replica("a");
		a.tick();

		RedisContinuityStatus status = a.status();
		assertThat(status.dataLoss()).isNull();
		assertThat(status.epoch().origin()).isEqualTo(RedisEpoch.FIRST_START);
		assertThat(template.opsForValue().get(EpochStore.EPOCH)).contains(status.epoch().id());
		assertThat(health(a)).isEqualTo(Status.UP);
	}

	@Test
	void aRedisWithSondesDataButNoEpochIsTheUpgradeAndRaisesNoAlarm() {
		template.opsForHash().put(REGISTRY, "leaf1", "{}");
		EpochWatch a = replica("a");
		a.tick();

		assertThat(a.status().dataLoss()).isNull();
		assertThat(a.status().epoch().origin()).isEqualTo(RedisEpoch.UPGRADE);

		flushAll();
		template.opsForHash().put(EpochStore.HISTORY, "1", "checksum 2026-11-01T00:00:00Z streams and groups");
		EpochWatch b = replica("b");
		b.tick();
		assertThat(b.status().dataLoss()).isNull();
		assertThat(b.status().epoch().origin()).isEqualTo(RedisEpoch.UPGRADE);
	}

	@Test
	void replicasStartingTogetherShareOneEpoch() {
		EpochWatch a = replica("a");
		EpochWatch b = replica("b");
		a.tick();
		b.tick();
		a.tick();

		assertThat(b.status().epoch()).isEqualTo(a.status().epoch());
		assertThat(a.status().dataLoss()).isNull();
		assertThat(b.status().dataLoss()).isNull();
	}

	@Test
	void flushAllIsALossEveryReplicaReportsUntilOneAcknowledgesAndTheOthersAdoptIt() {
		EpochWatch a = replica("a");
		EpochWatch b = replica("b");
		a.tick();
		b.tick();
		template.opsForHash().put(REGISTRY, "leaf1", "{}");
		a.tick();
		b.tick();
		String lostEpoch = a.status().epoch().id();

		flushAll();
		// A collector publishes into the emptied Redis before any backend noticed.
		template.opsForStream()
			.add(MapRecord.create("sonde:stream:events", Map.of("v", "2", "node", "after-the-loss")));
		a.tick();

		RedisDataLoss loss = a.unacknowledgedLoss().orElseThrow();
		assertThat(loss.reason()).startsWith("epoch key sonde:epoch missing");
		assertThat(loss.summary()).startsWith("Redis lost its data at " + loss.detectedAt());
		assertThat(loss.lostEpoch()).isEqualTo(lostEpoch);
		assertThat(loss.lostState()).containsExactly("switch registry");
		assertThat(a.status().toImport()).singleElement()
			.satisfies((state) -> assertThat(state.presentAgain()).isFalse());
		assertThat(health(a)).isEqualTo(Status.DOWN);
		// The layout again, its group from the stream's first entry: the entry published
		// after the loss is read, not skipped.
		List<MapRecord<String, Object, Object>> unread = template.opsForStream()
			.read(Consumer.from("backend", "test"),
					StreamOffset.create("sonde:stream:events", ReadOffset.lastConsumed()));
		assertThat(unread).singleElement()
			.satisfies((entry) -> assertThat(entry.getValue()).containsEntry("node", "after-the-loss"));
		assertThat(template.hasKey("sonde:stream:snapshots")).isTrue();

		b.tick();
		assertThat(b.unacknowledgedLoss()).contains(loss);
		EpochWatch later = replica("started-during-the-loss");
		later.tick();
		assertThat(later.unacknowledgedLoss()).as("not taken for an upgrade").contains(loss);

		template.opsForHash().put(REGISTRY, "leaf1", "{}");
		b.tick();
		assertThat(b.status().toImport()).singleElement()
			.satisfies((state) -> assertThat(state.presentAgain()).isTrue());

		RedisContinuityStatus acknowledged = b.acknowledgeDataLoss("api:test-operator");
		assertThat(acknowledged.dataLoss()).isNull();
		assertThat(acknowledged.epoch().acknowledges()).isEqualTo(lostEpoch);
		assertThat(acknowledged.epoch().acknowledgedBy()).isEqualTo("api:test-operator");
		assertThat(this.published).hasSize(1);

		a.tick();
		later.tick();
		a.tick();
		for (EpochWatch replica : List.of(a, b, later)) {
			assertThat(replica.unacknowledgedLoss()).isEmpty();
			assertThat(replica.status().epoch()).isEqualTo(acknowledged.epoch());
			assertThat(health(replica)).isEqualTo(Status.UP);
		}
		assertThat(this.published).hasSize(3)
			.allSatisfy((event) -> assertThat(event).isInstanceOf(RedisDataLossAcknowledged.class));
		assertThatExceptionOfType(NoRedisDataLoss.class).isThrownBy(() -> a.acknowledgeDataLoss("api:again"));
	}

	@Test
	void appliesTheLayoutAgainWhenAConsumerMadeItsGroupFirst() {
		EpochWatch a = replica("a");
		a.tick();
		flushAll();
		// The ingest consumer, told NOGROUP, is often quicker than the next check.
		template.opsForStream().createGroup("sonde:stream:events", ReadOffset.from("0"), "backend");

		a.tick();

		assertThat(a.unacknowledgedLoss()).isPresent();
		assertThat(template.opsForStream().groups("sonde:stream:snapshots"))
			.anySatisfy((group) -> assertThat(group.groupName()).isEqualTo("backend"));
		assertThat(template.opsForHash().hasKey(EpochStore.HISTORY, "1")).as("recorded as applied").isTrue();
	}

	@Test
	void anotherEpochInRedisIsALoss() {
		EpochWatch a = replica("a");
		a.tick();
		template.opsForValue()
			.set(EpochStore.EPOCH,
					"{\"id\":\"from-another-install\",\"createdAt\":\"2026-01-01T00:00:00Z\",\"origin\":\"first start\"}");
		a.tick();

		assertThat(a.unacknowledgedLoss()).hasValueSatisfying((loss) -> assertThat(loss.reason())
			.startsWith("Redis holds epoch from-another-install (first start at 2026-01-01T00:00:00Z) instead of "));
	}

	@Test
	void aLossRecordEmptiedAwayTooIsRecordedAgain() {
		EpochWatch a = replica("a");
		a.tick();
		flushAll();
		a.tick();
		RedisDataLoss loss = a.unacknowledgedLoss().orElseThrow();

		flushAll();
		a.tick();

		assertThat(a.unacknowledgedLoss()).contains(loss);
		EpochWatch later = replica("later");
		later.tick();
		assertThat(later.unacknowledgedLoss()).contains(loss);
	}

	@Test
	void aReplicaThatMissedALossAdoptsItsAcknowledgement() {
		EpochWatch a = replica("a");
		EpochWatch b = replica("b");
		a.tick();
		b.tick();
		flushAll();
		b.tick();
		b.acknowledgeDataLoss("dashboard:admin");

		a.tick();

		assertThat(a.unacknowledgedLoss()).isEmpty();
		assertThat(a.status().epoch()).isEqualTo(b.status().epoch());
	}

	@Test
	void redisAwayIsUnknownAndARestartWithoutPersistenceIsALoss() {
		EpochWatch a = replica("a");
		a.tick();
		redis.stop();
		try {
			a.tick();
			assertThat(a.unacknowledgedLoss()).isEmpty();
			assertThat(a.status().checkError()).startsWith("checking Redis's epoch failing since ");
			assertThat(health(a)).isEqualTo(Status.UNKNOWN);
		}
		finally {
			redis.restart();
		}
		// Lettuce redials within a second.
		org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
			a.tick();
			return a.unacknowledgedLoss().isPresent();
		});
		assertThat(a.unacknowledgedLoss().orElseThrow().reason()).startsWith("epoch key sonde:epoch missing");
	}

	private EpochWatch replica(String name) {
		Clock clock = Clock.systemUTC();
		return new EpochWatch(new EpochStore(template, STATE), new ContinuityCodec(JSON),
				SchemaMigrations.forStores(null, template, "classpath*:db-migrations", clock), this.published::add,
				clock, Duration.ofSeconds(1), name);
	}

	private static Status health(EpochWatch watch) {
		return new RedisDataHealthIndicator(watch).health().getStatus();
	}

	private static void flushAll() {
		template.execute((org.springframework.data.redis.core.RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});
	}

}
