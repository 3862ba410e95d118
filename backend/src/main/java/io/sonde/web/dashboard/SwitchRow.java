package io.sonde.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.sonde.switches.Reachability;
import io.sonde.switches.SwitchEndpointStatus;

/**
 * One line of the Switches table, formatted for people: a dash for what is not known, the
 * round trip in milliseconds, times in UTC like the Overview page.
 *
 * @param status what the switches module knows about the switch
 */
public record SwitchRow(SwitchEndpointStatus status) {

	static final String NOT_KNOWN = "—";

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'")
		.withZone(ZoneOffset.UTC);

	public String name() {
		return this.status.name();
	}

	public String role() {
		return this.status.role();
	}

	public String address() {
		return this.status.address();
	}

	public String deviceId() {
		return Long.toUnsignedString(this.status.deviceId());
	}

	public String state() {
		return this.status.state().name();
	}

	/** The badge colours of the Overview page: green, red, grey. */
	public String stateClass() {
		return switch (this.status.state()) {
			case REACHABLE -> "status-up";
			case UNREACHABLE -> "status-down";
			case NOT_CHECKED -> "status-unknown";
		};
	}

	public String stateText() {
		return this.status.state().name().replace('_', ' ');
	}

	public String apiVersion() {
		return (this.status.apiVersion() != null && !this.status.apiVersion().isEmpty()) ? this.status.apiVersion()
				: NOT_KNOWN;
	}

	public String roundTrip() {
		return (this.status.roundTrip() != null) ? milliseconds(this.status.roundTrip()) : NOT_KNOWN;
	}

	public String lastChecked() {
		return (this.status.lastCheckedAt() != null) ? TIME.format(this.status.lastCheckedAt()) : "not yet";
	}

	/** For the {@code datetime} attribute; empty before the first probe. */
	public String lastCheckedAt() {
		Instant at = this.status.lastCheckedAt();
		return (at != null) ? at.toString() : "";
	}

	public String lastError() {
		return (this.status.lastError() != null) ? this.status.lastError() : "";
	}

	/** An old error of a switch that has recovered is shown, but muted. */
	public boolean errorIsCurrent() {
		return this.status.state() == Reachability.UNREACHABLE;
	}

	/**
	 * Two decimals below 10 ms (loopback round trips are fractions of a millisecond), one
	 * below 100 ms, none above.
	 */
	static String milliseconds(Duration duration) {
		double millis = duration.toNanos() / 1_000_000.0;
		String pattern = (millis < 10) ? "%.2f ms" : (millis < 100) ? "%.1f ms" : "%.0f ms";
		return String.format(Locale.ROOT, pattern, millis);
	}

}
