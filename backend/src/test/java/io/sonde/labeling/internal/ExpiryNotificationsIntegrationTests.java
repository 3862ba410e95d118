package io.sonde.labeling.internal;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.sonde.labeling.PortKey;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The aging keys' expiry notifications against a real redis-server: switched on at start
 * keeping the flags others set, delivered, and switched on and delivered again after
 * Redis restarts empty (notifications off, subscription gone).
 */
class ExpiryNotificationsIntegrationTests {

	@Test
	void switchesNotificationsOnAndDeliversExpiriesAlsoAfterRedisRestarts() throws Exception {
		try (RedisServerProcess redis = RedisServerProcess.start()) {
			LettuceConnectionFactory factory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", redis.port()));
			factory.afterPropertiesSet();
			factory.start();
			StringRedisTemplate template = new StringRedisTemplate(factory);
			template.execute((org.springframework.data.redis.core.RedisCallback<Object>) (connection) -> {
				connection.serverCommands().setConfig("notify-keyspace-events", "Kg");
				return null;
			});
			RedisProperties properties = new RedisProperties();
			properties.setPort(redis.port());
			BlockingQueue<String> expired = new LinkedBlockingQueue<>();
			try (ExpiryNotifications notifications = new ExpiryNotifications(properties, expired::add)) {
				notifications.start();

				assertThat(flags(template)).contains("K", "g", "E", "x");
				PortKey port = new PortKey("leaf-1", 3);
				template.opsForValue().set(LabelKeys.agingKey(port), "1", Duration.ofMillis(30));
				template.opsForValue().set("not-labeling", "1", Duration.ofMillis(30));
				assertThat(expired.poll(10, TimeUnit.SECONDS)).isEqualTo(LabelKeys.agingKey(port));

				redis.stop();
				redis.restart();
				PortKey later = new PortKey("leaf-2", 1);
				expired.clear();
				await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
					template.opsForValue().set(LabelKeys.agingKey(later), "1", Duration.ofMillis(20));
					assertThat(expired.poll(300, TimeUnit.MILLISECONDS)).isEqualTo(LabelKeys.agingKey(later));
				});
				assertThat(ExpiryNotifications.expiredEventsOn(flags(template))).isTrue();
			}
			finally {
				factory.destroy();
			}
		}
	}

	@Test
	void addsExpiredKeyeventsToWhateverFlagsAreSet() {
		assertThat(ExpiryNotifications.withExpiredEvents("")).isEqualTo("Ex");
		assertThat(ExpiryNotifications.withExpiredEvents("Kg")).isEqualTo("KgEx");
		assertThat(ExpiryNotifications.withExpiredEvents("KEA")).isEqualTo("KEA");
		assertThat(ExpiryNotifications.expiredEventsOn("Ex")).isTrue();
		assertThat(ExpiryNotifications.expiredEventsOn("Kx")).isFalse();
	}

	private static String flags(StringRedisTemplate template) {
		return template.execute(
				(org.springframework.data.redis.core.RedisCallback<String>) (connection) -> connection.serverCommands()
					.getConfig("notify-keyspace-events")
					.getProperty("notify-keyspace-events"));
	}

}
