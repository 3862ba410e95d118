package io.sonde.ingest.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.ingest.*}: the ingest of the XDP collector's events stream.
 *
 * @param enabled whether this backend consumes the stream
 * @param stream the stream (REDIS_CONTRACT.md)
 * @param group the consumer group (created by db-migrations/redis V1)
 * @param consumer this replica's consumer name; empty: host name and pid
 * @param consumers consumers (threads) of this replica in the group: more take more
 * events a second on more cores; their batches are stored and reach the live stream in
 * the order they were read ({@link io.sonde.events.OrderedAppends})
 * @param batch events per batch: each XREADGROUP asks for as many entries as hold about
 * this many events, from the entries read so far (a version-2 entry holds up to 256)
 * @param block how long one XREADGROUP waits for entries
 * @param claimIdle entries pending longer than this on another consumer are claimed (at
 * start and every {@code claimInterval}): that consumer is taken for dead
 * @param claimInterval how often to look for such entries
 * @param deadLetterStream where malformed entries are parked, with the reason
 * @param deadLetterMaxlen its approximate length
 * @param maxLag the {@code ingest} health component is DOWN while the oldest entry not
 * yet read is older than this
 */
@ConfigurationProperties("sonde.ingest")
public record IngestProperties(@DefaultValue("true") boolean enabled,
		@DefaultValue("sonde:stream:events") String stream, @DefaultValue("backend") String group,
		@DefaultValue("") String consumer, @DefaultValue("1") int consumers, @DefaultValue("5000") int batch,
		@DefaultValue("1s") Duration block, @DefaultValue("60s") Duration claimIdle,
		@DefaultValue("60s") Duration claimInterval, @DefaultValue("sonde:stream:events:dead") String deadLetterStream,
		@DefaultValue("100000") long deadLetterMaxlen, @DefaultValue("30s") Duration maxLag) {
}
