package io.sonde.switches.internal;

import java.time.Clock;

import io.sonde.topology.TopologyCatalog;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The switches module's beans. */
@Configuration(proxyBeanMethods = false)
class SwitchesConfiguration {

	@Bean
	EndpointStates endpointStates(ApplicationEventPublisher events, Clock clock, SwitchesProperties properties) {
		return new EndpointStates(events, clock, properties.probeInterval());
	}

	@Bean
	EndpointProbing endpointProbing(TopologyCatalog catalog, EndpointStates states, SwitchesProperties properties,
			Clock clock) {
		return new EndpointProbing(catalog, states, properties, clock);
	}

}
