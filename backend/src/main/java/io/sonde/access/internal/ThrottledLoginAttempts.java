package io.sonde.access.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.sonde.access.LoginAttempts;

/**
 * Failures counted in memory per username and per address (a restart forgets them: the
 * limit slows guessing, it is not a record; the audit log is). Both keys count, so
 * spraying many usernames from one address and one username from many addresses are both
 * slowed.
 */
class ThrottledLoginAttempts implements LoginAttempts {

	private final Clock clock;

	private final int maxFailures;

	private final Duration window;

	private final Duration block;

	private final Map<String, Tally> tallies = new ConcurrentHashMap<>();

	ThrottledLoginAttempts(Clock clock, int maxFailures, Duration window, Duration block) {
		this.clock = clock;
		this.maxFailures = maxFailures;
		this.window = window;
		this.block = block;
	}

	@Override
	public Optional<Duration> blockedFor(String username, String address) {
		Instant now = this.clock.instant();
		Duration left = Duration.ZERO;
		for (String key : keys(username, address)) {
			Tally tally = this.tallies.get(key);
			if (tally != null) {
				Duration remaining = tally.blockedFor(now);
				if (remaining.compareTo(left) > 0) {
					left = remaining;
				}
			}
		}
		return left.isZero() ? Optional.empty() : Optional.of(left);
	}

	@Override
	public void failed(String username, String address) {
		Instant now = this.clock.instant();
		for (String key : keys(username, address)) {
			this.tallies.computeIfAbsent(key, (any) -> new Tally()).fail(now);
		}
		forgetQuietOnes(now);
	}

	@Override
	public void succeeded(String username, String address) {
		this.tallies.remove(userKey(username));
	}

	private static String[] keys(String username, String address) {
		return new String[] { userKey(username), "address:" + address };
	}

	private static String userKey(String username) {
		return "user:" + username;
	}

	/** Keeps memory bounded by the failures of the last window, whatever is tried. */
	private void forgetQuietOnes(Instant now) {
		this.tallies.values().removeIf((tally) -> tally.quietSince(now));
	}

	private final class Tally {

		private final Deque<Instant> failures = new ArrayDeque<>();

		private Instant blockedUntil = Instant.MIN;

		synchronized void fail(Instant now) {
			this.failures.addLast(now);
			dropOlderThanWindow(now);
			if (this.failures.size() >= ThrottledLoginAttempts.this.maxFailures) {
				this.blockedUntil = now.plus(ThrottledLoginAttempts.this.block);
				this.failures.clear();
			}
		}

		synchronized Duration blockedFor(Instant now) {
			return now.isBefore(this.blockedUntil) ? Duration.between(now, this.blockedUntil) : Duration.ZERO;
		}

		synchronized boolean quietSince(Instant now) {
			dropOlderThanWindow(now);
			return this.failures.isEmpty() && !now.isBefore(this.blockedUntil);
		}

		private void dropOlderThanWindow(Instant now) {
			Instant oldest = now.minus(ThrottledLoginAttempts.this.window);
			while (!this.failures.isEmpty() && this.failures.peekFirst().isBefore(oldest)) {
				this.failures.removeFirst();
			}
		}

	}

}
