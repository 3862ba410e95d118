package io.sonde.p4runtime.entity;

import java.math.BigInteger;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.config.v1.P4BitstringLikeTypeSpec;
import p4.config.v1.Register;
import p4.v1.Index;
import p4.v1.P4Data;
import p4.v1.RegisterEntry;

/**
 * Register cells by name. Only registers of {@code bit<W>} / {@code int<W>} cells are
 * supported, which covers Sonde's INT programs; values are written as canonical
 * bitstrings.
 */
public final class RegisterEntries {

	private final P4InfoIndex p4Info;

	public RegisterEntries(P4InfoIndex p4Info) {
		this.p4Info = p4Info;
	}

	/** The cell at {@code index}, to be sent with MODIFY. */
	public RegisterEntry write(String register, long index, long value) {
		return write(register, index, BigInteger.valueOf(value));
	}

	public RegisterEntry write(String register, long index, BigInteger value) {
		Register info = this.p4Info.register(register);
		try {
			return write(info, index, Bytestrings.encode(value, bitwidth(info)));
		}
		catch (BytestringRejected ex) {
			throw new InvalidEntity(describe(info), ex.code(), ex.getMessage());
		}
	}

	public RegisterEntry write(String register, long index, ByteString value) {
		Register info = this.p4Info.register(register);
		try {
			return write(info, index, Bytestrings.canonicalize(value, bitwidth(info)));
		}
		catch (BytestringRejected ex) {
			throw new InvalidEntity(describe(info), ex.code(), ex.getMessage());
		}
	}

	/** A read of one cell. */
	public RegisterEntry read(String register, long index) {
		Register info = this.p4Info.register(register);
		return RegisterEntry.newBuilder().setRegisterId(id(info)).setIndex(index(info, index)).build();
	}

	/** A wildcard read of every cell: the index stays unset. */
	public RegisterEntry readAll(String register) {
		return RegisterEntry.newBuilder().setRegisterId(id(this.p4Info.register(register))).build();
	}

	/** The width of one cell of a bitstring register. */
	public int bitwidth(String register) {
		return bitwidth(this.p4Info.register(register));
	}

	private RegisterEntry write(Register info, long index, ByteString canonical) {
		return RegisterEntry.newBuilder()
			.setRegisterId(id(info))
			.setIndex(index(info, index))
			.setData(P4Data.newBuilder().setBitstring(canonical))
			.build();
	}

	private Index index(Register info, long index) {
		if (index < 0) {
			throw InvalidEntity.invalid(describe(info), "negative index " + index);
		}
		if (index >= info.getSize()) {
			throw new InvalidEntity(describe(info), Status.Code.OUT_OF_RANGE,
					"index " + index + " is beyond size " + info.getSize());
		}
		return Index.newBuilder().setIndex(index).build();
	}

	private int bitwidth(Register info) {
		if (!info.getTypeSpec().hasBitstring()) {
			throw InvalidEntity.invalid(describe(info), "cells are not bitstrings: " + info.getTypeSpec());
		}
		P4BitstringLikeTypeSpec bits = info.getTypeSpec().getBitstring();
		return switch (bits.getTypeSpecCase()) {
			case BIT -> bits.getBit().getBitwidth();
			case INT -> bits.getInt().getBitwidth();
			default -> throw InvalidEntity.invalid(describe(info), "varbit cells are not supported");
		};
	}

	private static int id(Register info) {
		return info.getPreamble().getId();
	}

	private static String describe(Register info) {
		return "register " + info.getPreamble().getName();
	}

}
