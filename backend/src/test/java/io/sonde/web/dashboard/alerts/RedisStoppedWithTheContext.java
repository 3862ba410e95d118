package io.sonde.web.dashboard.alerts;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;

/**
 * Stops {@link OnRealAlertsModules}' redis-server when the context that uses it closes.
 */
@TestConfiguration(proxyBeanMethods = false)
class RedisStoppedWithTheContext {

	@Bean
	SmartLifecycle redisServerStopper() {
		return OnRealAlertsModules.redis.stoppedWithTheContext();
	}

}
