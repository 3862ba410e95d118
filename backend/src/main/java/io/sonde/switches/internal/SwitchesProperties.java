package io.sonde.switches.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.switches.*}.
 *
 * @param probeInterval pause between two probes of the same switch
 * @param probeTimeout deadline of a probe's Capabilities call; a switch that has not
 * answered by then counts as unreachable
 * @param probeConcurrency switches probed at the same time, so a large topology of silent
 * switches does not take a thread each
 */
@ConfigurationProperties("sonde.switches")
public record SwitchesProperties(@DefaultValue("5s") Duration probeInterval, @DefaultValue("1s") Duration probeTimeout,
		@DefaultValue("4") int probeConcurrency) {

	public SwitchesProperties {
		if (probeInterval.isNegative() || probeInterval.isZero()) {
			throw new IllegalArgumentException("sonde.switches.probe-interval must be positive, was " + probeInterval);
		}
		if (probeTimeout.isNegative() || probeTimeout.isZero()) {
			throw new IllegalArgumentException("sonde.switches.probe-timeout must be positive, was " + probeTimeout);
		}
		if (probeConcurrency < 1) {
			throw new IllegalArgumentException(
					"sonde.switches.probe-concurrency must be at least 1, was " + probeConcurrency);
		}
	}

}
