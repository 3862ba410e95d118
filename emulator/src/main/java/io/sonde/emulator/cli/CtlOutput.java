package io.sonde.emulator.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.run.LinkStatus;
import io.sonde.emulator.run.NetworkStatus;
import io.sonde.emulator.run.SwitchStatus;

/**
 * What {@code ctl} prints: one line per switch or link, a table for the status. A link
 * value that differs from the topology's is marked with {@code *}.
 */
final class CtlOutput {

	private static final String SWITCH_ROW = "%-16s %-5s %-20s %-21s %-9s %s%n";

	private static final String LINK_ROW = "%-36s %-5s %-8s %-10s %-10s %-12s %10s %8s %8s%n";

	private CtlOutput() {
	}

	static String status(NetworkStatus status) {
		long up = status.switches().stream().filter(SwitchStatus::up).count();
		long linksDown = status.links().stream().filter((link) -> !link.up()).count();
		long changed = status.links().stream().filter(LinkStatus::changed).count();
		StringBuilder text = new StringBuilder();
		text.append(String.format(Locale.ROOT, "%s: %d switches (%d up), %d links (%d down, %d changed)%n%n",
				status.network(), status.switches().size(), up, status.links().size(), linksDown, changed));
		text.append(String.format(Locale.ROOT, SWITCH_ROW, "SWITCH", "POWER", "SINCE", "P4RUNTIME", "PIPELINE",
				"DROPPED-WHILE-DOWN"));
		for (SwitchStatus s : status.switches()) {
			text.append(String.format(Locale.ROOT, SWITCH_ROW, s.name(), s.up() ? "up" : "DOWN",
					s.since().truncatedTo(ChronoUnit.SECONDS), s.address(), s.programmed() ? "yes" : "none",
					s.droppedWhileDown()));
		}
		text.append(String.format(Locale.ROOT, "%n" + LINK_ROW, "LINK", "STATE", "LOSS", "DELAY", "JITTER", "BANDWIDTH",
				"DELIVERED", "LOST", "DROPPED"));
		for (LinkStatus link : status.links()) {
			LinkParameters now = link.parameters();
			LinkParameters was = link.configured();
			text.append(String.format(Locale.ROOT, LINK_ROW, link.name(), link.up() ? "up" : "DOWN",
					mark(loss(now.lossProbability()), now.lossProbability() != was.lossProbability()),
					mark(nanos(now.propagationDelayNanos()),
							now.propagationDelayNanos() != was.propagationDelayNanos()),
					mark(nanos(now.jitterNanos()), now.jitterNanos() != was.jitterNanos()),
					mark(bandwidth(now.bandwidthBitsPerSecond()),
							now.bandwidthBitsPerSecond() != was.bandwidthBitsPerSecond()),
					link.deliveredPackets(), link.lostPackets(), link.droppedWhileDown()));
		}
		text.append(String.format(Locale.ROOT, "%n* differs from the topology ('ctl link clear LINK' restores it)"));
		return text.toString();
	}

	static String switchLine(SwitchStatus s) {
		return s.name() + ": " + switchState(s);
	}

	static String restartLine(SwitchStatus s, Duration down) {
		return s.name() + ": power-cycled (down " + duration(down) + "); " + switchState(s);
	}

	private static String switchState(SwitchStatus s) {
		Instant since = s.since().truncatedTo(ChronoUnit.MILLIS);
		if (!s.up()) {
			return "down since " + since + " (nothing answers at " + s.address() + "; 'ctl start " + s.name()
					+ "' powers it on)";
		}
		return "up since " + since + ", P4Runtime at " + s.address() + ", "
				+ (s.programmed() ? "pipeline set" : "no pipeline (a controller must push it)");
	}

	static String linkLine(LinkStatus link) {
		LinkParameters now = link.parameters();
		return link.name() + ": " + (link.up() ? "up" : "DOWN") + ", loss " + loss(now.lossProbability()) + ", delay "
				+ nanos(now.propagationDelayNanos()) + ", jitter " + nanos(now.jitterNanos()) + ", bandwidth "
				+ bandwidth(now.bandwidthBitsPerSecond()) + (link.changed() ? " (changed from the topology's)" : "")
				+ "; delivered " + link.deliveredPackets() + ", lost " + link.lostPackets() + ", dropped while down "
				+ link.droppedWhileDown();
	}

	static String duration(Duration duration) {
		return nanos(duration.toNanos());
	}

	private static String mark(String value, boolean changed) {
		return changed ? value + "*" : value;
	}

	private static String loss(double probability) {
		return String.format(Locale.ROOT, "%.4g%%", probability * 100).replaceFirst("\\.?0+%$", "%");
	}

	static String nanos(long nanos) {
		if (nanos == 0) {
			return "0";
		}
		if (nanos % 1_000_000_000L == 0) {
			return nanos / 1_000_000_000L + "s";
		}
		if (nanos % 1_000_000L == 0) {
			return nanos / 1_000_000L + "ms";
		}
		if (nanos % 1_000L == 0) {
			return nanos / 1_000L + "us";
		}
		return nanos + "ns";
	}

	static String bandwidth(long bitsPerSecond) {
		if (bitsPerSecond % 1_000_000_000L == 0) {
			return bitsPerSecond / 1_000_000_000L + " Gbit/s";
		}
		if (bitsPerSecond % 1_000_000L == 0) {
			return bitsPerSecond / 1_000_000L + " Mbit/s";
		}
		if (bitsPerSecond % 1_000L == 0) {
			return bitsPerSecond / 1_000L + " kbit/s";
		}
		return bitsPerSecond + " bit/s";
	}

}
