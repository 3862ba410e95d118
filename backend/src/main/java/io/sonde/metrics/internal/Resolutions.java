package io.sonde.metrics.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * History resolutions as people and the stores write them: {@code 500ms}, {@code 10s},
 * {@code 5m}, {@code 1h}, {@code 1d}. The same text is QuestDB's SAMPLE BY unit and
 * Flux's duration literal (apart from days, which Flux also takes).
 */
public final class Resolutions {

	private static final Pattern TEXT = Pattern.compile("([1-9][0-9]{0,8})(ms|s|m|h|d)");

	private Resolutions() {
	}

	/**
	 * @throws IllegalArgumentException when the text is no resolution
	 */
	public static Duration parse(String text) {
		Matcher matcher = TEXT.matcher(text.trim().toLowerCase(Locale.ROOT));
		if (!matcher.matches()) {
			throw new IllegalArgumentException("not a resolution (e.g. 10s, 5m, 1h): '" + text + "'");
		}
		long amount = Long.parseLong(matcher.group(1));
		return switch (matcher.group(2)) {
			case "ms" -> Duration.ofMillis(amount);
			case "s" -> Duration.ofSeconds(amount);
			case "m" -> Duration.ofMinutes(amount);
			case "h" -> Duration.ofHours(amount);
			default -> Duration.ofDays(amount);
		};
	}

	/** The shortest text of a duration in whole units (QuestDB and Flux both read it). */
	public static String format(Duration resolution) {
		long millis = resolution.toMillis();
		if (millis <= 0) {
			throw new IllegalArgumentException("resolution must be positive: " + resolution);
		}
		if (millis % 86_400_000 == 0) {
			return (millis / 86_400_000) + "d";
		}
		if (millis % 3_600_000 == 0) {
			return (millis / 3_600_000) + "h";
		}
		if (millis % 60_000 == 0) {
			return (millis / 60_000) + "m";
		}
		if (millis % 1000 == 0) {
			return (millis / 1000) + "s";
		}
		return millis + "ms";
	}

}
