package io.sonde.web.dashboard.alerts;

import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.AlertNotification;
import io.sonde.web.dashboard.LiveBroadcast;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Alerts page's live view ({@code /alerts/live}, server-sent events). A new stream
 * starts with a {@code snapshot} (the {@link AlertRow}s firing now); then one event per
 * {@link AlertNotification}, named after its kind ({@code firing}, {@code repeat},
 * {@code resolved}) and carrying the alert's row. The rule engine publishes from its
 * evaluation thread: {@link LiveBroadcast} writes to browsers on its own.
 */
@Component
public class AlertsLiveFeed implements SmartLifecycle {

	private static final Logger logger = Logger.getLogger(AlertsLiveFeed.class.getName());

	private final AlertsPageView view;

	private final ObjectMapper json;

	private final LiveBroadcast streams = new LiveBroadcast("alerts-live-feed");

	AlertsLiveFeed(AlertsPageView view, ObjectMapper json) {
		this.view = view;
		this.json = json;
	}

	public SseEmitter subscribe() {
		return this.streams.subscribe((stream) -> {
			List<AlertRow> firing;
			try {
				firing = this.view.firing();
			}
			catch (RuntimeException ex) {
				// Redis away: the next notification still reaches the page.
				logger.log(Level.WARNING, "live alerts: no snapshot for a new stream: " + ex.getMessage(), ex);
				return;
			}
			stream.send(event("snapshot", firing));
		});
	}

	int openStreams() {
		return this.streams.openStreams();
	}

	@EventListener
	void notified(AlertNotification notification) {
		if (this.streams.openStreams() == 0) {
			return;
		}
		this.streams
			.broadcast(event(notification.kind().name().toLowerCase(Locale.ROOT), AlertRow.of(notification.alert())));
	}

	private SseEmitter.SseEventBuilder event(String name, Object body) {
		try {
			return SseEmitter.event().name(name).data(this.json.writeValueAsString(body));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("an alerts " + name + " event did not serialize: " + ex.getMessage(), ex);
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
