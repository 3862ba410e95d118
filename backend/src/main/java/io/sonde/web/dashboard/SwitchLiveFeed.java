package io.sonde.web.dashboard;

import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchStateChanged;
import io.sonde.switches.SwitchView;
import io.sonde.topology.TopologyImported;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The dashboard's live view of the managed switches: one server-sent event stream per
 * open page ({@link LiveBroadcast}), fed by {@link SwitchStateChanged}. A new stream
 * starts with every switch's current card, so a page rendered a while ago (or an
 * EventSource that reconnected) catches up.
 * <p>
 * Events: {@code switch} (a {@link SwitchCard} as JSON), {@code removed} (the name),
 * {@code topology} (a new topology was imported; the page reloads its graph).
 */
@Component
public class SwitchLiveFeed implements SmartLifecycle {

	/**
	 * Streams end after this; EventSource reconnects by itself and gets a fresh snapshot.
	 */
	static final Duration STREAM_TIMEOUT = LiveBroadcast.STREAM_TIMEOUT;

	private static final Logger logger = Logger.getLogger(SwitchLiveFeed.class.getName());

	private final SwitchManagement switches;

	private final ObjectMapper json;

	private final LiveBroadcast streams = new LiveBroadcast("switch-live-feed");

	public SwitchLiveFeed(SwitchManagement switches, ObjectMapper json) {
		this.switches = switches;
		this.json = json;
	}

	/** A new stream: every switch's card now, then each change as it happens. */
	public SseEmitter subscribe() {
		return this.streams.subscribe(this::sendSnapshot);
	}

	/** Open streams, for tests and health. */
	int openStreams() {
		return this.streams.openStreams();
	}

	@EventListener
	public void switchStateChanged(SwitchStateChanged change) {
		SwitchView view = change.view();
		if (view == null) {
			this.streams.broadcast(SseEmitter.event().name("removed").data(change.name()));
		}
		else {
			this.streams.broadcast(SseEmitter.event().name("switch").data(toJson(SwitchCard.of(view))));
		}
	}

	@EventListener
	public void topologyImported(TopologyImported imported) {
		this.streams.broadcast(SseEmitter.event().name("topology").data(imported.imported().topology().name()));
	}

	private void sendSnapshot(LiveBroadcast.Stream stream) {
		try {
			for (SwitchView view : this.switches.switches()) {
				stream.send(SseEmitter.event().name("switch").data(toJson(SwitchCard.of(view))));
			}
		}
		catch (RuntimeException ex) {
			// The page keeps what it rendered; the next change of each switch updates it.
			logger.log(Level.WARNING, "live switches: no snapshot for a new stream: " + ex.getMessage(), ex);
		}
	}

	private String toJson(SwitchCard card) {
		try {
			return this.json.writeValueAsString(card);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a SwitchCard is plain strings and cannot fail to serialize", ex);
		}
	}

	@Override
	public void start() {
		this.streams.start();
	}

	@Override
	public void stop() {
		this.streams.stop();
	}

	@Override
	public boolean isRunning() {
		return this.streams.isRunning();
	}

}
