package io.sonde.alerts;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What makes a rule fire: a count of events in a window, or a live value past a bound. In
 * JSON the {@code type} property tells them apart ({@code events} or {@code value}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(value = EventCountCondition.class, name = "events"),
		@JsonSubTypes.Type(value = LiveValueCondition.class, name = "value") })
public sealed interface AlertCondition permits EventCountCondition, LiveValueCondition {

}
