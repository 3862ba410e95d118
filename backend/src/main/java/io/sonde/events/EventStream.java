package io.sonde.events;

import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The live events as server-sent events, for the API's bearer-token stream and the
 * dashboard's session-authenticated one alike. Every backend replica follows the same
 * capped live stream, so a client sees every replica's events.
 * <p>
 * SSE events: {@code telemetry} (a {@link TelemetryEvent} as JSON, SSE id = its live
 * stream id), {@code gap} (the client asked to resume after an id the live stream has
 * trimmed since: {@code {"after": id, "resumedFrom": first id still kept}}), {@code lost}
 * (this client read too slowly and its bounded queue overflowed: {@code {"missed":
 * count}}; ingest is never slowed for a client).
 */
public interface EventStream {

	/**
	 * A new stream of the live events matching {@code query}.
	 * @param lastEventId the SSE {@code Last-Event-ID} of a reconnecting client: it first
	 * gets what it missed from the live stream; null for live events only
	 * @throws EventQueryRejected when {@code lastEventId} is not a stream id
	 */
	SseEmitter open(EventQuery query, String lastEventId);

}
