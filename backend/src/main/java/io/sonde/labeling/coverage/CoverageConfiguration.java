package io.sonde.labeling.coverage;

import java.time.Clock;

import io.sonde.labeling.LabelingControl;
import io.sonde.labeling.LabelingStates;
import io.sonde.labeling.internal.LabelingProperties;
import io.sonde.labeling.internal.NetworkFacts;
import io.sonde.store.TimeSeriesStore;
import io.sonde.switches.SwitchManagement;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The coverage meter and the freshness of every port ({@code sonde.labeling.coverage.*}).
 */
@Configuration(proxyBeanMethods = false)
class CoverageConfiguration {

	@Bean
	TelemetryFreshness telemetryFreshness(NetworkFacts network) {
		return new TelemetryFreshness(network::cabledPorts, (nodeId) -> network.switchOfNodeId(nodeId).orElse(null),
				(from, to) -> network.portToward(from, to).orElse(null));
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.labeling.coverage.enabled", matchIfMissing = true)
	CoverageMeter coverageMeter(SwitchManagement switches, NetworkFacts network, ObjectProvider<LabelingStates> states,
			ObjectProvider<LabelingControl> control, TimeSeriesStore store, TelemetryFreshness freshness,
			ApplicationEventPublisher events, Clock clock, LabelingProperties properties) {
		return new CoverageMeter(new SwitchCoverageSources(switches, network, states, control),
				new CoverageHistory(store, properties.coverage().history()), freshness, events, clock,
				properties.coverage().storeEvery());
	}

}
