package io.sonde.core;

import java.time.Clock;
import java.time.Instant;

import org.springframework.boot.actuate.health.Health;

/**
 * What one background loop (a Redis reader, a refresh) last managed: when it last worked,
 * and since when it has been failing with which error. Loops report each round; their
 * health component reads it, so a health check never waits on Redis itself.
 */
public final class LoopHealth {

	private final String what;

	private final Clock clock;

	private Instant lastSuccess;

	private Instant failingSince;

	private String lastError;

	/**
	 * @param what the loop's job as the reason names it, e.g. "reading
	 * sonde:stream:events"
	 */
	public LoopHealth(String what, Clock clock) {
		this.what = what;
		this.clock = clock;
	}

	/**
	 * @return whether this round ended a run of failures (worth a log line)
	 */
	public synchronized boolean succeeded() {
		boolean recovered = this.failingSince != null;
		this.lastSuccess = this.clock.instant();
		this.failingSince = null;
		this.lastError = null;
		return recovered;
	}

	public synchronized void failed(Throwable error) {
		failed(describe(error));
	}

	public synchronized void failed(String error) {
		if (this.failingSince == null) {
			this.failingSince = this.clock.instant();
		}
		this.lastError = error;
	}

	public synchronized boolean failing() {
		return this.failingSince != null;
	}

	/** "{what} failing since {time}: {error}", or null while it works. */
	public synchronized String reason() {
		return (this.failingSince != null) ? this.what + " failing since " + this.failingSince + ": " + this.lastError
				: null;
	}

	public synchronized Instant lastSuccess() {
		return this.lastSuccess;
	}

	/**
	 * DOWN with "{what} failing since {time}: {error}" while the last round failed, else
	 * UP; both with the time of the last round that worked.
	 */
	public synchronized Health.Builder health() {
		Health.Builder builder = (this.failingSince != null)
				? Health.down().withDetail("reason", reason()).withDetail("failingSince", this.failingSince.toString())
				: Health.up();
		return builder.withDetail("lastSuccess", (this.lastSuccess != null) ? this.lastSuccess.toString() : "never");
	}

	/** The message, or the type when an exception carries none (a bare NPE). */
	public static String describe(Throwable error) {
		String message = error.getMessage();
		return (message != null && !message.isBlank()) ? message : error.getClass().getSimpleName();
	}

}
