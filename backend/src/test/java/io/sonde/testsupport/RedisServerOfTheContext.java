package io.sonde.testsupport;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistrar;

/**
 * A redis-server of the Spring context's own: started with the context that imports this,
 * its Redis from the start, and stopped when the context closes, after every component
 * that talks to it. A test reaches it as a bean ({@code @Autowired
 * RedisServerProcess}) to stop, kill or restart it.
 */
@TestConfiguration(proxyBeanMethods = false)
public class RedisServerOfTheContext {

	// The lifecycle bean stops it; a destroy method would run again after that.
	@Bean(destroyMethod = "")
	RedisServerProcess redisServerOfTheContext() {
		return RedisServerProcess.start();
	}

	@Bean
	DynamicPropertyRegistrar redisServerOfTheContextPort(RedisServerProcess redisServerOfTheContext) {
		return redisServerOfTheContext::register;
	}

	@Bean
	SmartLifecycle redisServerOfTheContextStopper(RedisServerProcess redisServerOfTheContext) {
		return redisServerOfTheContext.stoppedWithTheContext();
	}

}
