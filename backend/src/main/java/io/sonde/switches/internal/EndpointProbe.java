package io.sonde.switches.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.topology.TopologySwitch;
import p4.v1.CapabilitiesResponse;

/**
 * Probes one switch: a P4Runtime Capabilities call (P4Runtime section 17) with a short
 * deadline, on a connection kept open while the switch answers.
 * <p>
 * After a failure the connection is dropped and the next probe dials afresh: a gRPC
 * channel that failed waits out a growing reconnect back-off (up to two minutes) before
 * it tries again, which would hide a switch that is back. The first call on a new
 * connection also pays for the TCP and HTTP/2 handshakes, so its time is not reported as
 * the round trip: a second call is timed instead.
 * <p>
 * The client opens its StreamChannel as an observer (no election id), which never becomes
 * primary and so never competes with a controller that manages the switch. The probe owns
 * the gRPC channel so that a failed connection can be cut at once: a graceful close waits
 * for a switch that may never answer.
 */
final class EndpointProbe implements AutoCloseable {

	private final TopologySwitch target;

	private final Duration timeout;

	private final Clock clock;

	private final AtomicBoolean busy = new AtomicBoolean();

	// Guarded by this.
	private ManagedChannel channel;

	private P4RuntimeClient client;

	private boolean closed;

	EndpointProbe(TopologySwitch target, Duration timeout, Clock clock) {
		this.target = target;
		this.timeout = timeout;
		this.clock = clock;
	}

	TopologySwitch target() {
		return this.target;
	}

	/**
	 * Whether this probe reaches the same device at the same address as {@code other}.
	 */
	boolean probes(TopologySwitch other) {
		return this.target.deviceId() == other.deviceId()
				&& this.target.p4RuntimeAddress().equals(other.p4RuntimeAddress());
	}

	/** Claims the probe for one run; false if a run is still going (a slow switch). */
	boolean tryClaim() {
		return this.busy.compareAndSet(false, true);
	}

	void release() {
		this.busy.set(false);
	}

	/** Never throws: every failure is a result naming what went wrong. */
	synchronized ProbeResult probe() {
		if (this.closed) {
			return ProbeResult.failed("no longer probed", this.clock.instant());
		}
		try {
			boolean fresh = (this.client == null);
			if (fresh) {
				this.channel = NettyChannelBuilder.forAddress(this.target.p4RuntimeHost(), this.target.p4RuntimePort())
					.usePlaintext()
					.build();
				this.client = P4RuntimeClient.forChannel(this.channel, this.target.p4RuntimeAddress())
					.deviceId(this.target.deviceId())
					.rpcTimeout(this.timeout)
					.connect();
				this.client.capabilities();
			}
			Instant sent = this.clock.instant();
			CapabilitiesResponse answer = this.client.capabilities();
			Instant answered = this.clock.instant();
			return ProbeResult.reached(answer.getP4RuntimeApiVersion(), nonNegative(Duration.between(sent, answered)),
					answered);
		}
		catch (RuntimeException ex) {
			// Any failure, typed or not, is a fact about the switch to show, not a reason
			// to stop probing it.
			cutConnection();
			return ProbeResult.failed(ProbeFailures.describe(ex), this.clock.instant());
		}
	}

	/**
	 * Ends the stream gracefully (the switch sees the observer leave), then the channel.
	 */
	@Override
	public synchronized void close() {
		this.closed = true;
		if (this.client != null) {
			this.client.close();
		}
		cutConnection();
	}

	private void cutConnection() {
		if (this.channel != null) {
			this.channel.shutdownNow();
		}
		if (this.client != null) {
			// The stream ended with the channel, so this does not wait.
			this.client.close();
		}
		this.channel = null;
		this.client = null;
	}

	/** A wall clock stepped back by NTP must not give a negative round trip. */
	private static Duration nonNegative(Duration duration) {
		return duration.isNegative() ? Duration.ZERO : duration;
	}

	@Override
	public String toString() {
		return "probe of " + this.target.name() + " (device " + this.target.deviceId() + " at "
				+ this.target.p4RuntimeAddress() + ")";
	}

}
