package io.sonde.topology.internal;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sonde.topology.*}.
 *
 * @param importFile a {@code sonde-topology} v1 document imported at start, replacing the
 * stored topology (the demo passes the emulator's export); unset: keep the stored one
 */
@ConfigurationProperties("sonde.topology")
public record TopologyProperties(Path importFile) {
}
