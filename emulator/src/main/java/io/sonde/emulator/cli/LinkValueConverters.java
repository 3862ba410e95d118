package io.sonde.emulator.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How {@code ctl link set} reads loss, delays and bandwidth. */
final class LinkValueConverters {

	private LinkValueConverters() {
	}

	/** {@code 0.25} (a probability) or {@code 25%}. */
	static final class LossConverter implements ITypeConverter<Double> {

		@Override
		public Double convert(String value) {
			String text = value.trim();
			boolean percent = text.endsWith("%");
			double number;
			try {
				number = Double.parseDouble(percent ? text.substring(0, text.length() - 1).trim() : text);
			}
			catch (NumberFormatException ex) {
				throw new TypeConversionException("'" + value + "' is not a loss: write 0.25 or 25%");
			}
			double probability = percent ? number / 100.0 : number;
			if (!(probability >= 0.0 && probability <= 1.0)) {
				throw new TypeConversionException("'" + value + "': loss is 0..1 (or 0%..100%)");
			}
			return probability;
		}

	}

	/** A delay that may be 0: {@code 0}, {@code 250us}, {@code 10ms}, {@code 1.5s}. */
	static final class DelayConverter implements ITypeConverter<Duration> {

		private static final Pattern DELAY = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s)?");

		@Override
		public Duration convert(String value) {
			Matcher matcher = DELAY.matcher(value.trim().toLowerCase(Locale.ROOT));
			if (!matcher.matches() || (matcher.group(2) == null && Double.parseDouble(matcher.group(1)) != 0)) {
				throw new TypeConversionException("'" + value + "' is not a delay: write 0, 250us, 10ms or 1.5s");
			}
			double nanosPerUnit = switch ((matcher.group(2) != null) ? matcher.group(2) : "ns") {
				case "ns" -> 1;
				case "us", "µs" -> 1e3;
				case "ms" -> 1e6;
				default -> 1e9;
			};
			return Duration.ofNanos(Math.round(Double.parseDouble(matcher.group(1)) * nanosPerUnit));
		}

	}

	/**
	 * Bits per second: {@code 100M}, {@code 100Mbit}, {@code 1Gbit/s}, {@code 1gbps},
	 * {@code 500k}, {@code 64000}.
	 */
	static final class BandwidthConverter implements ITypeConverter<Long> {

		private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmg]?)(bit/s|bps|bit|b)?");

		@Override
		public Long convert(String value) {
			Matcher matcher = RATE.matcher(value.trim().toLowerCase(Locale.ROOT));
			if (!matcher.matches()) {
				throw new TypeConversionException(
						"'" + value + "' is not a bandwidth: write bits per second, e.g. 100M, 1Gbit/s, 500k");
			}
			double multiplier = switch (matcher.group(2)) {
				case "k" -> 1e3;
				case "m" -> 1e6;
				case "g" -> 1e9;
				default -> 1;
			};
			double bits = Double.parseDouble(matcher.group(1)) * multiplier;
			if (bits < 1 || bits > 1e13) {
				throw new TypeConversionException("'" + value + "': bandwidth is 1 bit/s..10 Tbit/s");
			}
			return Math.round(bits);
		}

	}

}
