package io.sonde.ingest;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Three consumers taking batches of a few entries each: every batch still reaches the
 * live stream in the order the collector wrote it (events.OrderedAppends: commits and
 * live appends follow the order of the reads).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "sonde.ingest.consumers=3", "sonde.ingest.batch=20" })
// The context closes with the class: cached, it would keep retrying the class's Redis.
@DirtiesContext
class IngestOrderIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final String STREAM = "sonde:stream:events";

	private static final String LIVE = "sonde:events:live";

	private static final Pattern SEQ = Pattern.compile("(?m)^origin=xdp/n1/eth0/1700000000000/(\\d+) ");

	private static final long T0 = Instant.parse("2026-11-01T00:00:00Z").getEpochSecond() * 1_000_000_000L;

	private static final int EVENTS_PER_ENTRY = 5;

	@Autowired
	StringRedisTemplate redisTemplate;

	@DynamicPropertySource
	static void redisAndTokens(DynamicPropertyRegistry properties) {
		redis.register(properties);
		ApiCaller.registerTokens(properties);
	}

	@Test
	void severalConsumersAppendBatchesToTheLiveStreamInStreamOrder() {
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		// One entry first, so connections and writers are open before the burst.
		xadd(0);
		await().atMost(Duration.ofSeconds(30)).until(() -> liveSeqs().size() == EVENTS_PER_ENTRY);

		int entries = 200;
		for (int entry = 1; entry <= entries; entry++) {
			xadd(entry);
		}

		int expected = (entries + 1) * EVENTS_PER_ENTRY;
		await().atMost(Duration.ofSeconds(60)).until(() -> liveSeqs().size() == expected);
		List<Long> seqs = liveSeqs();
		assertThat(seqs).isSorted().doesNotHaveDuplicates().hasSize(expected);
		assertThat(this.redisTemplate.opsForStream().range(LIVE, Range.unbounded())).as("live entries")
			.hasSizeGreaterThan(10);
	}

	/** Entry {@code n}: events n*5+1 to n*5+5, detected 1 µs apart. */
	private void xadd(int n) {
		List<Map<String, String>> events = new ArrayList<>();
		for (int i = 1; i <= EVENTS_PER_ENTRY; i++) {
			long seq = (long) n * EVENTS_PER_ENTRY + i;
			events.add(CollectorEntriesFixture.hopLatency("n1", seq, T0 + seq * 1000, 100 + seq));
		}
		this.redisTemplate.opsForStream().add(MapRecord.create(STREAM, CollectorEntriesFixture.batch(events)));
	}

	/** The seq of every event in the live stream, in stream order. */
	private List<Long> liveSeqs() {
		List<Long> seqs = new ArrayList<>();
		for (MapRecord<String, Object, Object> entry : this.redisTemplate.opsForStream()
			.range(LIVE, Range.unbounded())) {
			Object events = entry.getValue().get("events");
			Matcher matcher = SEQ.matcher(String.valueOf(events));
			while (matcher.find()) {
				seqs.add(Long.parseLong(matcher.group(1)));
			}
		}
		return seqs;
	}

}
