package io.sonde.web.dashboard;

import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchStateChanged;
import io.sonde.switches.SwitchView;
import io.sonde.topology.TopologyImported;

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
public class SwitchLiveFeed implements LiveFeed {

	/**
	 * Streams end after this; EventSource reconnects by itself and gets a fresh snapshot.
	 */
	static final Duration STREAM_TIMEOUT = LiveBroadcast.STREAM_TIMEOUT;

	private final SwitchManagement switches;

	private final LiveBroadcast streams;

	public SwitchLiveFeed(SwitchManagement switches, ObjectMapper json) {
		this.switches = switches;
		this.streams = new LiveBroadcast("switch-live-feed", json);
	}

	/** A new stream: every switch's card now, then each change as it happens. */
	public SseEmitter subscribe() {
		return this.streams.subscribe(
				(stream) -> this.switches.switches().forEach((view) -> stream.send("switch", SwitchCard.of(view))));
	}

	@EventListener
	public void switchStateChanged(SwitchStateChanged change) {
		SwitchView view = change.view();
		if (view == null) {
			this.streams.publishText("removed", change.name());
		}
		else {
			this.streams.publish("switch", SwitchCard.of(view));
		}
	}

	@EventListener
	public void topologyImported(TopologyImported imported) {
		this.streams.publishText("topology", imported.imported().topology().name());
	}

	@Override
	public LiveBroadcast streams() {
		return this.streams;
	}

}
