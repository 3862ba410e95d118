package io.sonde.web.dashboard;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.SwitchView;
import p4.config.v1.PkgInfo;

/**
 * A switch as the dashboard shows it, every value already text: the Switches table and
 * the Topology panel render it from the template at first and then from the live feed,
 * which sends this same record as JSON, so both renderings read alike. Dashes stand for
 * what is not known, round trips are in milliseconds, times in UTC like the Overview
 * page.
 *
 * @param name the switch
 * @param address P4Runtime {@code host:port}
 * @param deviceId P4Runtime device id
 * @param state a {@link ConnectionState} name, or {@code NOT_REGISTERED}
 * @param stateText the state for people
 * @param stateClass CSS class giving the state's colour ({@code state-primary}, ...)
 * @param primary "yes" or "no"
 * @param roundTrip the latest round trip, or a dash
 * @param since when the connection entered its state (UTC time)
 * @param lastError the latest failure, kept after recovery; empty if none
 * @param errorIsCurrent whether the switch is failing now (otherwise the error is old)
 * @param lastReconcile what the latest reconciliation did, or "not yet"
 * @param pipelineCookie the running pipeline's cookie in hex, or a dash
 * @param pipeline the program the switch runs, its version and its BMv2 JSON's SHA-256
 * (shortened), or a dash while Sonde has not seen it run Sonde's pipeline
 * @param registered whether it is registered (managed); otherwise Sonde observes it
 * @param position its index in the topology, -1 outside it: the table's order (then by
 * name)
 * @param role its role in the topology, or a dash
 * @param apiVersion the P4Runtime API version the switch reported, or a dash
 */
public record SwitchCard(String name, String address, String deviceId, String state, String stateText,
		String stateClass, String primary, String roundTrip, String since, String lastError, boolean errorIsCurrent,
		String lastReconcile, String pipelineCookie, String pipeline, boolean registered, int position, String role,
		String apiVersion) {

	static final String NOT_KNOWN = "—";

	/** The state of a topology switch nobody registered. */
	public static final String NOT_REGISTERED = "NOT_REGISTERED";

	static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

	public static SwitchCard of(SwitchView view) {
		ConnectionStatus connection = view.connection();
		String state = connection.state().name();
		String apiVersion = connection.apiVersion();
		return new SwitchCard(view.name(), view.device().address(), Long.toUnsignedString(view.device().deviceId()),
				state, stateText(state), stateClass(state), connection.isPrimary() ? "yes" : "no",
				roundTrip(connection.roundTripMicros()), TIME.format(connection.since()),
				(connection.lastError() != null) ? connection.lastError() : "",
				connection.lastError() != null && connection.state() == ConnectionState.UNREACHABLE,
				view.registered() ? reconcileSummary(connection.lastReconcile()) : "not registered",
				cookie(connection.pipelineCookie()), pipeline(connection.pipelineCookie()), view.registered(),
				(view.topology() != null) ? view.topology().position() : -1,
				(view.topology() != null) ? view.topology().role() : NOT_KNOWN,
				(apiVersion != null && !apiVersion.isEmpty()) ? apiVersion : NOT_KNOWN);
	}

	/**
	 * A switch of the topology Sonde has no connection to yet (the topology page drawn
	 * before the switch is observed): grey, nothing known.
	 */
	public static SwitchCard notRegistered(String name, String role, String address, long deviceId) {
		return new SwitchCard(name, address, Long.toUnsignedString(deviceId), NOT_REGISTERED, stateText(NOT_REGISTERED),
				stateClass(NOT_REGISTERED), "no", NOT_KNOWN, NOT_KNOWN, "", false, "not registered", NOT_KNOWN,
				NOT_KNOWN, false, -1, role, NOT_KNOWN);
	}

	static String stateText(String state) {
		return state.replace('_', ' ');
	}

	/** The same names in sonde.css, where the colours are defined once. */
	static String stateClass(String state) {
		return "state-" + state.toLowerCase(Locale.ROOT).replace('_', '-');
	}

	static String roundTrip(long micros) {
		return (micros >= 0) ? milliseconds(Duration.ofNanos(micros * 1000)) : NOT_KNOWN;
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

	static String cookie(long cookie) {
		return (cookie != 0) ? "0x" + Long.toHexString(cookie) : NOT_KNOWN;
	}

	/**
	 * A switch's cookie is only ever set from Sonde's own pipeline (pushed, or found
	 * running), so a known cookie means it runs sonde.p4 as committed:
	 * {@code "sonde.p4 0.3.0 · sha256 1a2b3c4d5e6f"}.
	 */
	static String pipeline(long cookie) {
		if (cookie == 0) {
			return NOT_KNOWN;
		}
		PkgInfo program = SondePipeline.p4Info().p4Info().getPkgInfo();
		return program.getName() + " " + program.getVersion() + " · sha256 "
				+ SondeDeviceConfig.bmv2().sha256().substring(0, 12);
	}

	/** "10:15:30 UTC (connected): 3 applied, 0 refused of 42 expected". */
	static String reconcileSummary(ReconcileReport report) {
		if (report == null) {
			return "not yet";
		}
		return TIME.format(report.at()) + " (" + report.reason() + "): " + report.applied().size() + " applied, "
				+ report.failed().size() + " refused of " + report.expected() + " expected"
				+ (report.pipelinePushed() ? ", pipeline pushed" : "");
	}

}
