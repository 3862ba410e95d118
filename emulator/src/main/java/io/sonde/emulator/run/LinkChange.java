package io.sonde.emulator.run;

import java.time.Duration;

import io.sonde.emulator.net.LinkParameters;

/**
 * A change to a running link: each value given replaces the link's, each null keeps what
 * the link has.
 *
 * @param lossProbability probability that a frame is lost on the wire, 0..1
 * @param delay propagation delay, 0 up to {@link #LONGEST_DELAY}
 * @param jitter each frame's delay is drawn from {@code delay ± jitter}, 0 up to
 * {@link #LONGEST_DELAY}
 * @param bandwidthBitsPerSecond line rate, positive
 */
public record LinkChange(Double lossProbability, Duration delay, Duration jitter, Long bandwidthBitsPerSecond) {

	/** Longer delays hold frames in the scheduler for no purpose an emulation has. */
	public static final Duration LONGEST_DELAY = Duration.ofHours(1);

	public LinkChange {
		if (lossProbability == null && delay == null && jitter == null && bandwidthBitsPerSecond == null) {
			throw new IllegalArgumentException("a link change needs at least one of loss, delay, jitter, bandwidth");
		}
		if (lossProbability != null && !(lossProbability >= 0.0 && lossProbability <= 1.0)) {
			throw new IllegalArgumentException("loss must be a probability within 0..1, got " + lossProbability);
		}
		requireDelay("delay", delay);
		requireDelay("jitter", jitter);
		if (bandwidthBitsPerSecond != null && bandwidthBitsPerSecond <= 0) {
			throw new IllegalArgumentException("bandwidth must be positive, got " + bandwidthBitsPerSecond + " bit/s");
		}
	}

	public static LinkChange loss(double probability) {
		return new LinkChange(probability, null, null, null);
	}

	public static LinkChange delay(Duration delay) {
		return new LinkChange(null, delay, null, null);
	}

	public static LinkChange bandwidth(long bitsPerSecond) {
		return new LinkChange(null, null, null, bitsPerSecond);
	}

	/** The parameters {@code current} becomes. */
	public LinkParameters applyTo(LinkParameters current) {
		return new LinkParameters(
				(this.bandwidthBitsPerSecond != null) ? this.bandwidthBitsPerSecond : current.bandwidthBitsPerSecond(),
				(this.delay != null) ? this.delay.toNanos() : current.propagationDelayNanos(),
				(this.jitter != null) ? this.jitter.toNanos() : current.jitterNanos(),
				(this.lossProbability != null) ? this.lossProbability : current.lossProbability(),
				current.queueCapacityPackets(), current.framingOverheadBytes());
	}

	private static void requireDelay(String what, Duration value) {
		if (value != null && (value.isNegative() || value.compareTo(LONGEST_DELAY) > 0)) {
			throw new IllegalArgumentException(what + " must be 0.." + LONGEST_DELAY.toHours() + "h, got " + value);
		}
	}

}
