package io.sonde.javacollector.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code sonde.ingest.udp.*}: the Java collector, for hosts without XDP. Off unless
 * enabled; it then writes the same Redis entries as the XDP daemon
 * (xdp-collector/REDIS_CONTRACT.md v2) with ifname {@code udp}. The keys keep the prefix
 * under which operators already set them.
 *
 * @param enabled start the collector
 * @param bindAddress the address the UDP socket binds
 * @param port the report port
 * @param nodeId the {@code node} field of every entry and of the counters key
 * @param eventsStream where events go
 * @param maxlen the stream's approximate cap ({@code XADD MAXLEN ~})
 * @param buffer events kept while Redis is away or slow; past it the oldest are dropped
 * @param countersInterval how often the counters hash is written
 * @param thresholdChannel the thresholds channel and hash
 * @param retainWindow how long entries Redis acknowledged are kept to be published again
 * should Redis lose them (appendfsync everysec: up to ~1 s, 2 when fsync is slow); 0
 * turns it off
 * @param retainBytes the most those kept entries may take
 * @param publishedLog a file to append a line to per entry Redis acknowledged; empty:
 * none
 */
@ConfigurationProperties("sonde.ingest.udp")
public record UdpCollectorProperties(@DefaultValue("false") boolean enabled,
		@DefaultValue("127.0.0.1") String bindAddress, @DefaultValue("32766") int port,
		@DefaultValue("java") String nodeId, @DefaultValue("sonde:stream:events") String eventsStream,
		@DefaultValue("1000000") long maxlen, @DefaultValue("100000") int buffer,
		@DefaultValue("1s") Duration countersInterval,
		@DefaultValue("sonde:collector:thresholds") String thresholdChannel, @DefaultValue("5s") Duration retainWindow,
		@DefaultValue("64MB") DataSize retainBytes, @DefaultValue("") String publishedLog) {

	/** The interface name the entries and the counters key carry. */
	public static final String IFNAME = "udp";

	/** {@code sonde:collector:<node>:udp:counters}, the daemon's layout. */
	public String countersKey() {
		return "sonde:collector:" + this.nodeId + ":" + IFNAME + ":counters";
	}

	/**
	 * {@code sonde:collector:<node>:udp:witness}: written once, its absence says Redis
	 * was emptied (REDIS_CONTRACT.md).
	 */
	public String witnessKey() {
		return "sonde:collector:" + this.nodeId + ":" + IFNAME + ":witness";
	}

}
