package io.sonde.web.dashboard.alerts;

import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.AlertNotification;
import io.sonde.web.dashboard.LiveBroadcast;
import io.sonde.web.dashboard.LiveFeed;

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
public class AlertsLiveFeed implements LiveFeed {

	private final AlertsPageView view;

	private final LiveBroadcast streams;

	AlertsLiveFeed(AlertsPageView view, ObjectMapper json) {
		this.view = view;
		this.streams = new LiveBroadcast("alerts-live-feed", json);
	}

	public SseEmitter subscribe() {
		return this.streams.subscribe((stream) -> stream.send("snapshot", this.view.firing()));
	}

	@EventListener
	void notified(AlertNotification notification) {
		this.streams.publish(notification.kind().name().toLowerCase(Locale.ROOT), AlertRow.of(notification.alert()));
	}

	@Override
	public LiveBroadcast streams() {
		return this.streams;
	}

}
