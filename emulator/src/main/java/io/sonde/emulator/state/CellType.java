package io.sonde.emulator.state;

import java.math.BigInteger;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import p4.config.v1.P4BitstringLikeTypeSpec;
import p4.config.v1.P4DataTypeSpec;
import p4.v1.P4Data;

/**
 * The type of a register cell and how it travels as P4Data (spec §8.3, §8.4.3):
 * {@code bit<W>} as an unsigned bytestring, {@code int<W>} as a two's complement one
 * whose canonical form is the shortest that keeps the sign. Inside the switch a cell is
 * the raw W-bit pattern, as the data plane would hold it. Other types (structs, headers,
 * varbit, bool) are not emulated.
 *
 * @param bitwidth W, or 0 for an unsupported type
 * @param signed true for {@code int<W>}
 * @param description how the P4Info declares the type, for messages
 */
record CellType(int bitwidth, boolean signed, String description) {

	static CellType of(P4DataTypeSpec spec) {
		if (spec.hasBitstring()) {
			P4BitstringLikeTypeSpec bits = spec.getBitstring();
			if (bits.hasBit() && bits.getBit().getBitwidth() > 0) {
				return new CellType(bits.getBit().getBitwidth(), false, "bit<" + bits.getBit().getBitwidth() + ">");
			}
			if (bits.hasInt() && bits.getInt().getBitwidth() > 0) {
				return new CellType(bits.getInt().getBitwidth(), true, "int<" + bits.getInt().getBitwidth() + ">");
			}
		}
		return new CellType(0, false, spec.getTypeSpecCase().name().toLowerCase());
	}

	boolean supported() {
		return this.bitwidth > 0;
	}

	/** The raw W-bit pattern of a received P4Data, checked against the type. */
	BigInteger decode(P4Data data, String register) {
		if (!data.hasBitstring()) {
			throw EntityRejected
				.invalid("register " + register + " holds " + this.description + ", the data is " + data.getDataCase());
		}
		ByteString bytes = data.getBitstring();
		if (!this.signed) {
			try {
				return Bytestrings.toBigInteger(Bytestrings.canonicalize(bytes, this.bitwidth));
			}
			catch (BytestringRejected ex) {
				throw new EntityRejected(ex.code(), "register " + register + ": " + ex.getMessage());
			}
		}
		if (bytes.isEmpty()) {
			throw new EntityRejected(Status.Code.OUT_OF_RANGE, "register " + register + ": empty bytestring");
		}
		BigInteger value = new BigInteger(bytes.toByteArray());
		// bitLength() excludes the sign bit: a W-bit int holds values of at
		// most W-1 bits.
		if (value.bitLength() > this.bitwidth - 1) {
			throw new EntityRejected(Status.Code.OUT_OF_RANGE,
					"register " + register + ": " + value + " does not fit " + this.description);
		}
		return value.signum() < 0 ? value.add(BigInteger.ONE.shiftLeft(this.bitwidth)) : value;
	}

	/** The canonical P4Data of a raw W-bit pattern. */
	P4Data encode(BigInteger pattern) {
		if (!this.signed) {
			return P4Data.newBuilder().setBitstring(Bytestrings.encode(pattern, this.bitwidth)).build();
		}
		BigInteger value = pattern.testBit(this.bitwidth - 1)
				? pattern.subtract(BigInteger.ONE.shiftLeft(this.bitwidth)) : pattern;
		// toByteArray() is the shortest two's complement form, exactly
		// §8.3's canonical one.
		return P4Data.newBuilder().setBitstring(ByteString.copyFrom(value.toByteArray())).build();
	}

}
