package io.sonde.emulator.cli;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyFileRejected;
import io.sonde.emulator.topology.TopologyInvalid;
import io.sonde.emulator.topology.TopologySpecs;
import io.sonde.p4programs.codec.ReportFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How the command line's option values become the emulator's types. */
final class Converters {

	private Converters() {
	}

	/**
	 * {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 1.5s} or ISO-8601
	 * {@code PT10S}.
	 */
	static final class DurationConverter implements ITypeConverter<Duration> {

		private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|ms|s|m|h)");

		@Override
		public Duration convert(String value) {
			String text = value.trim().toLowerCase(Locale.ROOT);
			Matcher matcher = SHORT.matcher(text);
			if (matcher.matches()) {
				double amount = Double.parseDouble(matcher.group(1));
				double nanosPerUnit = switch (matcher.group(2)) {
					case "ns" -> 1;
					case "us" -> 1e3;
					case "ms" -> 1e6;
					case "s" -> 1e9;
					case "m" -> 60e9;
					default -> 3600e9;
				};
				return positive(value, Duration.ofNanos(Math.round(amount * nanosPerUnit)));
			}
			try {
				return positive(value, Duration.parse(value.trim()));
			}
			catch (DateTimeParseException ex) {
				throw new TypeConversionException(
						"'" + value + "' is not a duration: write it like 10s, 500ms, 2m, 1h or PT10S");
			}
		}

		private static Duration positive(String value, Duration duration) {
			if (duration.isNegative() || duration.isZero()) {
				throw new TypeConversionException("'" + value + "': a duration must be longer than 0");
			}
			return duration;
		}

	}

	/**
	 * {@code 127.0.0.1:32766}: an IPv4 address (or a name that resolves to one) and a
	 * port.
	 */
	static final class CollectorConverter implements ITypeConverter<InetSocketAddress> {

		@Override
		public InetSocketAddress convert(String value) {
			int colon = value.lastIndexOf(':');
			if (colon <= 0 || colon == value.length() - 1) {
				throw new TypeConversionException("'" + value + "' is not HOST:PORT, e.g. 127.0.0.1:32766");
			}
			int port;
			try {
				port = Integer.parseInt(value.substring(colon + 1));
			}
			catch (NumberFormatException ex) {
				throw new TypeConversionException("'" + value + "': the port is not a number");
			}
			if (port < 1 || port > 65535) {
				throw new TypeConversionException("'" + value + "': the port must be 1..65535");
			}
			try {
				InetAddress address = InetAddress.getByName(value.substring(0, colon));
				if (address.getAddress().length != 4) {
					throw new TypeConversionException("'" + value + "': the collector needs an IPv4 address");
				}
				return new InetSocketAddress(address, port);
			}
			catch (UnknownHostException ex) {
				throw new TypeConversionException("'" + value + "': unknown host " + value.substring(0, colon));
			}
		}

	}

	/** {@code v2.0}, {@code v1.0}, {@code v0.5} (the Telemetry Report versions). */
	static final class ReportFormatConverter implements ITypeConverter<ReportFormat> {

		@Override
		public ReportFormat convert(String value) {
			return switch (value.trim().toLowerCase(Locale.ROOT).replaceFirst("^(tr|v)", "")) {
				case "2.0", "2" -> ReportFormat.TR2_0;
				case "1.0", "1" -> ReportFormat.TR1_0;
				case "0.5" -> ReportFormat.TR0_5;
				default ->
					throw new TypeConversionException("'" + value + "' is not a report format: use v2.0, v1.0 or v0.5");
			};
		}

	}

	/** A topology spec as {@link TopologySpecs} reads it. */
	static final class TopologyConverter implements ITypeConverter<Topology> {

		@Override
		public Topology convert(String value) {
			try {
				return TopologySpecs.parse(value);
			}
			catch (TopologyFileRejected | TopologyInvalid | IllegalArgumentException ex) {
				throw new TypeConversionException(ex.getMessage());
			}
		}

	}

}
