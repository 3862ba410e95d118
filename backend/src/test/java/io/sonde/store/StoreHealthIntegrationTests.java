package io.sonde.store;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.HealthComponent;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis stopped under a running backend: health turns DOWN with the reason, the service
 * keeps answering, and health is UP again once Redis is back. Restarted with a data set
 * that takes seconds to load, Redis is DOWN until it is loaded. Redis keeps its data in
 * an append-only file, as in production: a restart that lost it is another test's
 * (RedisDataLossIntegrationTests).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class StoreHealthIntegrationTests {

	@TempDir
	static Path redisDir;

	static RedisServerProcess redis;

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.startAppendOnly(redisDir, "everysec");
	}

	@DynamicPropertySource
	static void redisOfThisTest(DynamicPropertyRegistry registry) {
		redis.register(registry);
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@Autowired
	HealthEndpoint health;

	@Autowired
	StringRedisTemplate redisTemplate;

	@LocalServerPort
	int port;

	@Test
	void reportsRedisDownWithItsReasonAndRecoversWhenItComesBack() {
		assertThat(httpStatusOfHealth()).isEqualTo(HttpStatus.OK);
		assertThat(componentStatus("redis")).isEqualTo(Status.UP);
		assertThat(componentStatus("timeseries")).isEqualTo(Status.UP);

		redis.stop();
		try {
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(componentStatus("redis")).isEqualTo(Status.DOWN));
			Health down = (Health) this.health.healthForPath("redis");
			assertThat(String.valueOf(down.getDetails().get("error")))
				.startsWith("Redis at 127.0.0.1:" + redis.port() + " unreachable");
			assertThat(httpStatusOfHealth()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
			assertThat(componentStatus("timeseries")).as("the other store is unaffected").isEqualTo(Status.UP);
		}
		finally {
			redis.restart();
		}

		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(componentStatus("redis")).isEqualTo(Status.UP));
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(httpStatusOfHealth()).isEqualTo(HttpStatus.OK));
		// redisData is UNKNOWN until the epoch watch's next check reads Redis again.
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(componentStatus("redisData")).as("the restart kept Redis's data")
				.isEqualTo(Status.UP));
	}

	@Test
	void reportsRedisDownWhileItLoadsItsDataSetAndUpOnceLoaded() {
		// 20 000 keys in the append-only file's base: loaded slowly, seconds.
		redis.fillForASlowLoad(20_000);

		redis.stop();
		try {
			redis.restartLoadingSlowly();
			// (Unreachable first, while the client reconnects.)
			await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
				Health loading = (Health) this.health.healthForPath("redis");
				assertThat(loading.getStatus()).isEqualTo(Status.DOWN);
				assertThat(String.valueOf(loading.getDetails().get("error")))
					.startsWith("Redis at 127.0.0.1:" + redis.port() + " is loading its data set (")
					.endsWith(" s left) and refuses reads and writes until then");
			});
		}
		finally {
			redis.awaitLoaded();
		}
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(componentStatus("redis")).isEqualTo(Status.UP));
		assertThat(this.redisTemplate.opsForValue().get("filler:20000")).isEqualTo("20000");
		// Healthy again as a whole, as the other test expects to find the service.
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(httpStatusOfHealth()).isEqualTo(HttpStatus.OK));
	}

	private Status componentStatus(String name) {
		HealthComponent component = this.health.healthForPath(name);
		return component.getStatus();
	}

	private HttpStatus httpStatusOfHealth() {
		return RestClient.create("http://127.0.0.1:" + this.port)
			.get()
			.uri("/actuator/health")
			.exchange((request, response) -> {
				Map<String, Object> body = response.bodyTo(new org.springframework.core.ParameterizedTypeReference<>() {
				});
				assertThat(body).containsKey("status");
				return HttpStatus.valueOf(response.getStatusCode().value());
			});
	}

}
