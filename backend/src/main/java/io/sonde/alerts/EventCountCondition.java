package io.sonde.alerts;

import java.time.Duration;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.sonde.events.EventKind;

/**
 * Fires while at least {@code count} matching events fell in the last {@code window}, per
 * series (a series is one switch, port, flow and metric).
 *
 * @param kind the events' kind
 * @param metric the events' metric; null for any
 * @param count how many, at least 1
 * @param window how far back they are counted
 */
public record EventCountCondition(EventKind kind, String metric, int count,
		@JsonSerialize(using = AlertDurations.Writer.class) @JsonDeserialize(
				using = AlertDurations.Reader.class) Duration window)
		implements
			AlertCondition {

}
