package io.sonde.emulator.state;

import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.grpc.Status;
import p4.config.v1.Register;
import p4.v1.P4Data;

/**
 * A register array (spec §9.7) of {@code bit<W>} or {@code int<W>} cells, each holding
 * the raw W-bit pattern. Cells of up to 64 bits are longs the data plane reads and writes
 * without locks or allocation; wider cells are kept as BigIntegers and reached with
 * {@link #readWide}/{@link #writeWide}.
 */
public final class RegisterArray {

	private final Register info;

	private final CellType type;

	private final int size;

	private final AtomicLongArray narrow;

	private final AtomicReferenceArray<BigInteger> wide;

	private final long valueMask;

	RegisterArray(Register info) {
		this.info = info;
		this.type = CellType.of(info.getTypeSpec());
		this.size = Math.max(0, info.getSize());
		boolean isWide = this.type.bitwidth() > 64;
		this.narrow = isWide ? null : new AtomicLongArray(this.size);
		this.wide = isWide ? new AtomicReferenceArray<>(this.size) : null;
		this.valueMask = (this.type.bitwidth() >= 64 || !this.type.supported()) ? -1L
				: (1L << this.type.bitwidth()) - 1;
		reset();
	}

	public int registerId() {
		return this.info.getPreamble().getId();
	}

	public String name() {
		return this.info.getPreamble().getName();
	}

	public int size() {
		return this.size;
	}

	/** W of the cells; 0 if their type is not a bitstring the emulator supports. */
	public int bitwidth() {
		return this.type.bitwidth();
	}

	/**
	 * The W-bit pattern of cell {@code index}; 0 for an index out of range (P4 leaves
	 * such reads undefined, and a packet must not make the data plane fail).
	 */
	public long read(int index) {
		if (index < 0 || index >= this.size) {
			return 0;
		}
		return (this.narrow != null) ? this.narrow.get(index) : this.wide.get(index).longValue();
	}

	/** Stores the low W bits of {@code value}; an index out of range writes nothing. */
	public void write(int index, long value) {
		if (index < 0 || index >= this.size) {
			return;
		}
		if (this.narrow != null) {
			this.narrow.set(index, value & this.valueMask);
		}
		else {
			writeWide(index, new BigInteger(Long.toUnsignedString(value)));
		}
	}

	/** The pattern of a cell of any width. */
	public BigInteger readWide(int index) {
		if (this.wide != null) {
			return this.wide.get(index);
		}
		return new BigInteger(Long.toUnsignedString(this.narrow.get(index)));
	}

	public void writeWide(int index, BigInteger pattern) {
		BigInteger masked = pattern.and(BigInteger.ONE.shiftLeft(this.type.bitwidth()).subtract(BigInteger.ONE));
		if (this.wide != null) {
			this.wide.set(index, masked);
		}
		else {
			this.narrow.set(index, masked.longValue());
		}
	}

	P4Data cell(int index) {
		requireSupported();
		return this.type.encode(readWide(index));
	}

	void setCell(int index, P4Data data) {
		requireSupported();
		writeWide(index, this.type.decode(data, name()));
	}

	void setAll(P4Data data) {
		requireSupported();
		BigInteger pattern = this.type.decode(data, name());
		for (int i = 0; i < this.size; i++) {
			writeWide(i, pattern);
		}
	}

	int checkIndex(long index) {
		if (index < 0) {
			throw EntityRejected.invalid("negative index " + index + " of register " + name());
		}
		if (index >= this.size) {
			throw new EntityRejected(Status.Code.OUT_OF_RANGE,
					"index " + index + " is beyond the " + this.size + " cells of register " + name());
		}
		return (int) index;
	}

	private void requireSupported() {
		if (!this.type.supported()) {
			throw new EntityRejected(Status.Code.UNIMPLEMENTED, "register " + name() + " holds "
					+ this.type.description() + ": only bit<W> and int<W> cells " + "are emulated");
		}
	}

	void reset() {
		for (int i = 0; i < this.size; i++) {
			if (this.narrow != null) {
				this.narrow.set(i, 0);
			}
			else {
				this.wide.set(i, BigInteger.ZERO);
			}
		}
	}

}
