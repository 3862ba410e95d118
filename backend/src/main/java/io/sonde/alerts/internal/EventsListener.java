package io.sonde.alerts.internal;

import java.time.Clock;

import io.sonde.events.EventsAppended;

import org.springframework.context.event.EventListener;

/**
 * Feeds every appended batch to the event rules' counts, on the publisher's thread: the
 * counting is a lookup and an increment per matching rule, cheaper than a hand-off.
 */
final class EventsListener {

	private final EventCounting counting;

	private final Clock clock;

	EventsListener(EventCounting counting, Clock clock) {
		this.counting = counting;
		this.clock = clock;
	}

	@EventListener
	void on(EventsAppended appended) {
		this.counting.count(appended.events(), this.clock.millis());
	}

}
