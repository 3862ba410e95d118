package io.sonde.store;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.KeyExpirationEventMessageListener;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two Redis features the design stands on, against a real redis-server (the Debian
 * package `make test` installs): streams read through a consumer group with
 * acknowledgement, and key expiry notifications.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RedisIntegrationTests extends SharedApiContext {

	@Autowired
	StringRedisTemplate redis;

	@Autowired
	RedisConnectionFactory connectionFactory;

	@Test
	void deliversStreamEntriesToAConsumerGroupUntilAcknowledged() {
		String stream = "test:stream:" + UUID.randomUUID();
		this.redis.opsForStream().createGroup(stream, ReadOffset.from("0"), "backend");
		try {
			RecordId id = this.redis.opsForStream().add(stream, Map.of("kind", "latency", "switch", "s1"));

			List<MapRecord<String, Object, Object>> delivered = this.redis.opsForStream()
				.read(Consumer.from("backend", "replica-1"), StreamReadOptions.empty().count(10),
						StreamOffset.create(stream, ReadOffset.lastConsumed()));
			assertThat(delivered).singleElement().satisfies((record) -> {
				assertThat(record.getId()).isEqualTo(id);
				assertThat(record.getValue()).containsEntry("kind", "latency");
			});
			assertThat(this.redis.opsForStream().pending(stream, "backend").getTotalPendingMessages()).isEqualTo(1);

			this.redis.opsForStream().acknowledge(stream, "backend", id);

			assertThat(this.redis.opsForStream().pending(stream, "backend").getTotalPendingMessages()).isZero();
		}
		finally {
			this.redis.delete(stream);
		}
	}

	@Test
	void notifiesWhenAKeyExpires() throws Exception {
		BlockingQueue<String> expired = new LinkedBlockingQueue<>();
		RedisMessageListenerContainer container = new RedisMessageListenerContainer();
		container.setConnectionFactory(this.connectionFactory);
		container.afterPropertiesSet();
		container.start();
		KeyExpirationEventMessageListener listener = new KeyExpirationEventMessageListener(container) {
			@Override
			protected void doHandleMessage(org.springframework.data.redis.connection.Message message) {
				expired.add(new String(message.getBody()));
			}
		};
		listener.afterPropertiesSet();
		try {
			String key = "test:label:" + UUID.randomUUID();
			this.redis.opsForValue().set(key, "port 3", Duration.ofMillis(200));

			assertThat(expired.poll(10, TimeUnit.SECONDS)).isEqualTo(key);
		}
		finally {
			listener.destroy();
			container.destroy();
		}
	}

}
