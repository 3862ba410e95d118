package io.sonde.events.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.events.*}.
 *
 * @param liveStream the capped Redis stream of the latest events
 * @param liveMaxlen its approximate length in entries ({@code XADD MAXLEN ~}), each
 * holding one ingest batch of up to 200 events: how far back a reconnecting client can
 * resume
 * @param clientQueue events buffered per SSE client before it is sent {@code lost}
 * @param streamTimeout an SSE stream ends after this (EventSource reconnects and resumes)
 * @param senderThreads threads writing to SSE clients (a slow client holds one while its
 * socket is full)
 * @param directWrites with QuestDB embedded, append the events table's rows straight into
 * it rather than as line protocol over HTTP (the same rows; off only to compare the two)
 */
@ConfigurationProperties("sonde.events")
public record EventsProperties(@DefaultValue("sonde:events:live") String liveStream,
		@DefaultValue("2000") long liveMaxlen, @DefaultValue("10000") int clientQueue,
		@DefaultValue("30m") Duration streamTimeout, @DefaultValue("16") int senderThreads,
		@DefaultValue("true") boolean directWrites) {
}
