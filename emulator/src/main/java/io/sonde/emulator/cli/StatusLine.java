package io.sonde.emulator.cli;

import java.util.Locale;

import io.sonde.emulator.run.EmulationStatus;

/**
 * The live status line: switches up, packets and reports per second of emulated time
 * since the previous line, drops so far; in virtual time also the emulated time and how
 * many times faster than real time it runs.
 */
final class StatusLine {

	private static final double NANOS = 1e9;

	private StatusLine() {
	}

	static String format(EmulationStatus previous, EmulationStatus now, long wallNanos, boolean virtual) {
		double emulatedSeconds = Math.max(1, now.emulatedNanos() - previous.emulatedNanos()) / NANOS;
		double packetsPerSecond = (now.hostPacketsSent() - previous.hostPacketsSent()) / emulatedSeconds;
		double reportsPerSecond = (now.reports() - previous.reports()) / emulatedSeconds;
		StringBuilder line = new StringBuilder();
		if (virtual) {
			line.append(String.format(Locale.ROOT, "[virtual %.3f s, %.1fx real time] ", now.emulatedNanos() / NANOS,
					(now.emulatedNanos() - previous.emulatedNanos()) / (double) Math.max(1, wallNanos)));
		}
		else {
			line.append(String.format(Locale.ROOT, "[%.1f s] ", now.emulatedNanos() / NANOS));
		}
		line.append(
				String.format(Locale.ROOT, "switches %d/%d up, %d programmed | %s packets/s | %s reports/s | %d drops",
						now.switchesServing(), now.switches(), now.switchesProgrammed(), human(packetsPerSecond),
						human(reportsPerSecond), now.drops()));
		return line.toString();
	}

	/** 950, 12.3k, 4.56M. */
	static String human(double value) {
		if (value >= 1e6) {
			return String.format(Locale.ROOT, "%.2fM", value / 1e6);
		}
		if (value >= 1e4) {
			return String.format(Locale.ROOT, "%.1fk", value / 1e3);
		}
		return String.format(Locale.ROOT, "%.0f", value);
	}

}
