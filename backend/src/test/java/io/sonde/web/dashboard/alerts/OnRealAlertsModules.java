package io.sonde.web.dashboard.alerts;

import io.sonde.testsupport.RedisServerProcess;

import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The one context the Alerts page's tests share: the whole backend with MockMvc, the real
 * alerts and webhooks modules on a redis-server of its own (one for the JVM, stopped when
 * the cached context closes), and loopback let through the request-forgery guard so
 * receivers run in the tests. Subclasses add nothing to the configuration, so Spring
 * builds the context once for all of them; each test sets up its state through the
 * modules' faces under ids of its own.
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(RedisStoppedWithTheContext.class)
abstract class OnRealAlertsModules {

	static final RedisServerProcess redis = RedisServerProcess.start();

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.webhooks.allowed-destinations[0]", () -> "127.0.0.1/32");
	}

}
