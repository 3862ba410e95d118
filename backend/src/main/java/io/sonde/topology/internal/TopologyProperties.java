package io.sonde.topology.internal;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sonde.topology.*}.
 *
 * @param importFile a {@code sonde-topology} v1 document imported at start, replacing the
 * stored topology (the demo passes the emulator's export); unset: keep the stored one
 * @param linkStatusUrl the control channel of the emulator running the topology (e.g.
 * {@code http://127.0.0.1:32767}), asked which links are down; unset: every link counts
 * as up
 * @param linkStatusInterval how often it is asked (default 1 s)
 */
@ConfigurationProperties("sonde.topology")
public record TopologyProperties(Path importFile, URI linkStatusUrl, Duration linkStatusInterval) {

	public TopologyProperties {
		if (linkStatusInterval == null) {
			linkStatusInterval = Duration.ofSeconds(1);
		}
		if (linkStatusInterval.isNegative() || linkStatusInterval.isZero()) {
			throw new IllegalArgumentException("sonde.topology.link-status-interval must be positive");
		}
	}

}
