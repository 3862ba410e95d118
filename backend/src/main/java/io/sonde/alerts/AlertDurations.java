package io.sonde.alerts;

import java.io.IOException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;

/**
 * Durations as rules write them: {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, or
 * ISO-8601 ({@code PT5S}). Written back in the largest unit that holds them exactly.
 */
public final class AlertDurations {

	private static final Pattern SHORT = Pattern.compile("(\\d{1,12})(ms|s|m|h)");

	private AlertDurations() {
	}

	/** The duration {@code text} says; {@link IllegalArgumentException} if none. */
	public static Duration parse(String text) {
		String trimmed = text.trim();
		Matcher matcher = SHORT.matcher(trimmed);
		if (matcher.matches()) {
			long amount = Long.parseLong(matcher.group(1));
			return switch (matcher.group(2)) {
				case "ms" -> Duration.ofMillis(amount);
				case "s" -> Duration.ofSeconds(amount);
				case "m" -> Duration.ofMinutes(amount);
				default -> Duration.ofHours(amount);
			};
		}
		try {
			return Duration.parse(trimmed);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException(
					"'" + text + "' is not a duration: write 500ms, 5s, 2m, 1h or ISO-8601 (PT5S)", ex);
		}
	}

	/** {@code 1h}, {@code 2m}, {@code 5s} or {@code 500ms}: the largest exact unit. */
	public static String format(Duration duration) {
		long millis = duration.toMillis();
		if (millis != 0 && millis % 3_600_000 == 0) {
			return (millis / 3_600_000) + "h";
		}
		if (millis != 0 && millis % 60_000 == 0) {
			return (millis / 60_000) + "m";
		}
		if (millis % 1000 == 0) {
			return (millis / 1000) + "s";
		}
		return millis + "ms";
	}

	/** Jackson's writer of rule durations. */
	public static final class Writer extends JsonSerializer<Duration> {

		@Override
		public void serialize(Duration value, JsonGenerator json, SerializerProvider provider) throws IOException {
			json.writeString(format(value));
		}

	}

	/** Jackson's reader of rule durations (a string, or a number of seconds). */
	public static final class Reader extends JsonDeserializer<Duration> {

		@Override
		public Duration deserialize(JsonParser json, DeserializationContext context) throws IOException {
			if (json.currentToken().isNumeric()) {
				return Duration.ofMillis(Math.round(json.getDoubleValue() * 1000));
			}
			String text = json.getValueAsString();
			try {
				return parse(text);
			}
			catch (IllegalArgumentException ex) {
				throw InvalidFormatException.from(json, ex.getMessage(), text, Duration.class);
			}
		}

	}

}
