package io.sonde.probes.session;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

import io.sonde.probes.Algorithm;
import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.probes.recovery.RecoveryProfile;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sonde.probes.*}: GPINT probing sessions. Every field has its default in code; a
 * bad value stops the start with a message naming the property.
 *
 * @param enabled run sessions every {@code period} (sessions on demand run regardless)
 * @param period time between the end of one periodic session and the start of the next
 * (default 10 s)
 * @param algorithm {@code gpint} (default) or {@code euler}
 * @param k GPINT's number of paths; unset: GPINT-c
 * @param c GPINT-c's factor, k = floor(c * switches / 10); unset with k unset: 3
 * @param seed the planner's seed (default 0)
 * @param profile {@code paper} (default: t_f 1.5 s, r_a 10) or {@code fine-tuned} (t_f
 * 0.4 s, r_a 2)
 * @param feedbackTimeout t_f, overriding the profile's
 * @param recoveryAttempts r_a, overriding the profile's
 * @param resolutionTime t_ro, the recovery loop's period (default 100 ms)
 * @param maxInFlight paths probed at once (default 12, the paper's)
 * @param recovery whether lost probes are recovered (default true)
 * @param requestType {@code port-packets} (default) or {@code rule-hits}
 * @param monitorAddress the probes' IPv4 source and destination (default 127.0.0.1)
 * @param avoidFor how long the closed loop keeps a component marked unavailable out of
 * the plans, unless a topology import or the link coming back up clears it sooner
 * (default 1 min)
 * @param maxSessionTime a session still running after this ends as incomplete (default 10
 * min; the loop itself always ends, this is a guard)
 * @param lease how long the session lease in Redis lasts without renewal (default 15 s)
 * @param historyLimit sessions kept in the history (default 1000)
 */
@ConfigurationProperties("sonde.probes")
public record ProbesProperties(boolean enabled, Duration period, String algorithm, Integer k, Double c, Long seed,
		String profile, Duration feedbackTimeout, Integer recoveryAttempts, Duration resolutionTime,
		Integer maxInFlight, Boolean recovery, String requestType, String monitorAddress, Duration avoidFor,
		Duration maxSessionTime, Duration lease, Integer historyLimit) {

	public ProbesProperties {
		period = positive("period", period, Duration.ofSeconds(10));
		algorithm = (algorithm != null) ? algorithm : "gpint";
		try {
			Algorithm.named(algorithm);
		}
		catch (IllegalArgumentException ex) {
			throw invalid("algorithm", "must be gpint or euler, got " + algorithm);
		}
		if (k != null && k < 1) {
			throw invalid("k", "must be at least 1");
		}
		if (c != null && !(c > 0 && Double.isFinite(c))) {
			throw invalid("c", "must be a finite number above 0");
		}
		if ((k != null || c != null) && algorithm.equalsIgnoreCase("euler")) {
			throw invalid((k != null) ? "k" : "c", "is for GPINT; the Euler plan's path count follows from the graph");
		}
		if (k != null && c != null) {
			throw invalid("k", "give k or c, not both");
		}
		seed = (seed != null) ? seed : 0L;
		profile = (profile != null) ? profile : RecoveryProfile.PAPER.label();
		if (RecoveryProfile.ofLabel(profile).isEmpty()) {
			throw invalid("profile", "must be paper or fine-tuned, got " + profile);
		}
		if (feedbackTimeout != null) {
			positive("feedback-timeout", feedbackTimeout, null);
		}
		if (recoveryAttempts != null && recoveryAttempts < 0) {
			throw invalid("recovery-attempts", "must not be negative");
		}
		resolutionTime = positive("resolution-time", resolutionTime, RecoveryParameters.DEFAULT_RESOLUTION_TIME);
		maxInFlight = (maxInFlight != null) ? maxInFlight : RecoveryParameters.DEFAULT_MAX_IN_FLIGHT;
		if (maxInFlight < 1) {
			throw invalid("max-in-flight", "must be at least 1");
		}
		recovery = (recovery != null) ? recovery : Boolean.TRUE;
		requestType = (requestType != null) ? requestType : "port-packets";
		if (!requestType.equals("port-packets") && !requestType.equals("rule-hits")) {
			throw invalid("request-type", "must be port-packets or rule-hits, got " + requestType);
		}
		monitorAddress = (monitorAddress != null) ? monitorAddress : "127.0.0.1";
		ipv4(monitorAddress);
		avoidFor = positive("avoid-for", avoidFor, Duration.ofMinutes(1));
		maxSessionTime = positive("max-session-time", maxSessionTime, Duration.ofMinutes(10));
		lease = positive("lease", lease, Duration.ofSeconds(15));
		historyLimit = (historyLimit != null) ? historyLimit : 1000;
		if (historyLimit < 1) {
			throw invalid("history-limit", "must be at least 1");
		}
	}

	/** The monitoring module's address as the probes carry it. */
	public Inet4Address monitor() {
		return ipv4(this.monitorAddress);
	}

	/** The profile with this configuration's overrides of t_f and r_a. */
	public RecoveryParameters parameters(RecoveryProfile chosen, boolean overrides) {
		RecoveryParameters base = RecoveryParameters.of(chosen);
		return new RecoveryParameters(
				(overrides && this.feedbackTimeout != null) ? this.feedbackTimeout : base.feedbackTimeout(),
				(overrides && this.recoveryAttempts != null) ? this.recoveryAttempts : base.recoveryAttempts(),
				this.resolutionTime, this.maxInFlight, this.recovery);
	}

	private static Inet4Address ipv4(String text) {
		try {
			if (text.chars().allMatch((ch) -> Character.isDigit(ch) || ch == '.')
					&& InetAddress.getByName(text) instanceof Inet4Address address) {
				return address;
			}
		}
		catch (UnknownHostException ex) {
			// falls through to the rejection
		}
		throw invalid("monitor-address", "must be a dotted IPv4 address, got " + text);
	}

	private static Duration positive(String name, Duration value, Duration fallback) {
		Duration chosen = (value != null) ? value : fallback;
		if (chosen.isNegative() || chosen.isZero()) {
			throw invalid(name, "must be positive");
		}
		return chosen;
	}

	private static IllegalArgumentException invalid(String name, String message) {
		return new IllegalArgumentException("sonde.probes." + name + " " + message);
	}

}
