package io.sonde.collectorfleet.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.collectors.*}.
 *
 * @param thresholds the thresholds channel and hash (the contract's name)
 * @param thresholdHistory the list of recent changes
 * @param historySize changes kept
 * @param liveWithin a collector that wrote its counters within this long is live
 * @param countersPattern the counters hashes of every collector
 * @param defaultsCheck how often the thresholds hash is checked for metrics without a
 * value, which get their default; {@code 0s} writes them at start only
 */
@ConfigurationProperties("sonde.collectors")
public record CollectorsProperties(@DefaultValue("sonde:collector:thresholds") String thresholds,
		@DefaultValue("sonde:collector:thresholds:history") String thresholdHistory,
		@DefaultValue("100") int historySize, @DefaultValue("10s") Duration liveWithin,
		@DefaultValue("sonde:collector:*:counters") String countersPattern,
		@DefaultValue("10s") Duration defaultsCheck) {

}
