package io.sonde.p4runtime.bytes;

import io.grpc.Status;

/**
 * A value that cannot travel as a P4Runtime bytestring for the given bitwidth.
 * {@link #code()} is the gRPC code a P4Runtime server answers with for the same mistake,
 * so a server can reuse this type when checking what it receives.
 */
public class BytestringRejected extends RuntimeException {

	/** Why the value was rejected. */
	public enum Reason {

		/** An empty bytestring encodes no value at all (spec §8.3). */
		EMPTY(Status.Code.OUT_OF_RANGE),

		/** The value needs more bits than the P4Info bitwidth allows (spec §8.3). */
		TOO_WIDE(Status.Code.OUT_OF_RANGE),

		/** Match keys and action parameters are unsigned {@code bit<W>} only. */
		NEGATIVE(Status.Code.INVALID_ARGUMENT),

		/** Text that is not a MAC or IPv4 address. */
		MALFORMED(Status.Code.INVALID_ARGUMENT);

		private final Status.Code code;

		Reason(Status.Code code) {
			this.code = code;
		}

	}

	private final Reason reason;

	private final int bitwidth;

	public BytestringRejected(Reason reason, int bitwidth, String detail) {
		super(detail + " (" + reason + ", bitwidth " + bitwidth + ")");
		this.reason = reason;
		this.bitwidth = bitwidth;
	}

	public Reason reason() {
		return this.reason;
	}

	public int bitwidth() {
		return this.bitwidth;
	}

	public Status.Code code() {
		return this.reason.code;
	}

}
