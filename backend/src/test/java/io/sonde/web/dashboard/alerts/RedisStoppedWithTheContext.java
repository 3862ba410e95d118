package io.sonde.web.dashboard.alerts;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;

/**
 * Stops {@link OnRealAlertsModules}' redis-server when the context that uses it closes
 * (at the end of the JVM, or when Spring's context cache evicts it): in the last phase,
 * after every component that talks to Redis has stopped.
 */
@TestConfiguration(proxyBeanMethods = false)
class RedisStoppedWithTheContext {

	@Bean
	SmartLifecycle redisServerStopper() {
		return new SmartLifecycle() {

			private volatile boolean running;

			@Override
			public void start() {
				this.running = true;
			}

			@Override
			public void stop() {
				OnRealAlertsModules.redis.stop();
				this.running = false;
			}

			@Override
			public boolean isRunning() {
				return this.running;
			}

			@Override
			public int getPhase() {
				return Integer.MIN_VALUE;
			}

		};
	}

}
