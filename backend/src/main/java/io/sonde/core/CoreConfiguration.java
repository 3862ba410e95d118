package io.sonde.core;

import java.time.Clock;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans every module shares. */
@Configuration(proxyBeanMethods = false)
public class CoreConfiguration {

	/** Wall-clock UTC unless a test or the emulator's virtual time provides another. */
	@Bean
	@ConditionalOnMissingBean
	public Clock clock() {
		return Clock.systemUTC();
	}

}
