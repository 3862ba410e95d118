package io.sonde.probes.plan;

import io.sonde.probes.ProbePlanner;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The planner as the probes module's bean. */
@Configuration(proxyBeanMethods = false)
class PlanConfiguration {

	@Bean
	ProbePlanner probePlanner() {
		return new GraphProbePlanner();
	}

}
