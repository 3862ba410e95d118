package io.sonde.web.dashboard.events;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.events.EventsAppended;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Events per second as the dashboard shows them (Overview, and the Metrics page after a
 * threshold change): appended events counted per second of arrival over the last
 * {@value #SECONDS} seconds, with the moments thresholds changed marked.
 */
@Component
public class EventRate {

	static final int SECONDS = 600;

	/** The rate Overview states: the mean over this many whole seconds. */
	static final int RECENT_SECONDS = 10;

	private final Clock clock;

	/** counts[second % SECONDS] for the second seconds[second % SECONDS]. */
	private final long[] counts = new long[SECONDS];

	private final long[] seconds = new long[SECONDS];

	private final List<Mark> marks = new ArrayList<>();

	public EventRate(Clock clock) {
		this.clock = clock;
	}

	@EventListener
	public void eventsAppended(EventsAppended appended) {
		add(appended.events().size());
	}

	synchronized void add(long events) {
		long now = this.clock.instant().getEpochSecond();
		int slot = (int) Math.floorMod(now, (long) SECONDS);
		if (this.seconds[slot] != now) {
			this.seconds[slot] = now;
			this.counts[slot] = 0;
		}
		this.counts[slot] += events;
	}

	/** Marks a threshold change, so the chart shows the rate before and after it. */
	public synchronized void markChange(String label) {
		this.marks.add(new Mark(this.clock.instant().getEpochSecond(), label));
		long oldest = this.clock.instant().getEpochSecond() - SECONDS;
		this.marks.removeIf((mark) -> mark.second() < oldest);
	}

	/** The mean rate over the last {@value #RECENT_SECONDS} whole seconds. */
	public synchronized double perSecond() {
		long now = this.clock.instant().getEpochSecond();
		long sum = 0;
		for (long second = now - RECENT_SECONDS; second < now; second++) {
			sum += count(second);
		}
		return (double) sum / RECENT_SECONDS;
	}

	/** Per second over the last {@code span} whole seconds, oldest first, and marks. */
	public synchronized Series series(int span) {
		int width = Math.max(1, Math.min(span, SECONDS - 1));
		long now = this.clock.instant().getEpochSecond();
		List<Long> at = new ArrayList<>(width);
		List<Long> values = new ArrayList<>(width);
		for (long second = now - width; second < now; second++) {
			at.add(second);
			values.add(count(second));
		}
		List<Mark> shown = this.marks.stream().filter((mark) -> mark.second() >= now - width).toList();
		return new Series(Instant.ofEpochSecond(now), at, values, shown);
	}

	private long count(long second) {
		int slot = (int) Math.floorMod(second, (long) SECONDS);
		return (this.seconds[slot] == second) ? this.counts[slot] : 0;
	}

	/**
	 * @param second epoch second of the change
	 * @param label what changed ({@code queue_occupancy: 100 -> 500})
	 */
	public record Mark(long second, String label) {
	}

	/**
	 * @param at when the series was read
	 * @param seconds epoch seconds, oldest first
	 * @param events events appended in each
	 * @param marks threshold changes within
	 */
	public record Series(Instant at, List<Long> seconds, List<Long> events, List<Mark> marks) {
	}

}
