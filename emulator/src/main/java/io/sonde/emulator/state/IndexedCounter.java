package io.sonde.emulator.state;

import java.util.concurrent.atomic.AtomicLongArray;

import io.grpc.Status;
import p4.config.v1.Counter;
import p4.v1.CounterData;

/**
 * An indexed counter array (spec §9.3.2): packets and bytes per cell. The data plane
 * counts with {@link #count}; the controller reads and overwrites cells through
 * CounterEntry. Cells are atomic, so counting needs no lock.
 */
public final class IndexedCounter {

	private final Counter info;

	private final AtomicLongArray packets;

	private final AtomicLongArray bytes;

	IndexedCounter(Counter info) {
		this.info = info;
		int size = (int) Math.min(Integer.MAX_VALUE, Math.max(0, info.getSize()));
		this.packets = new AtomicLongArray(size);
		this.bytes = new AtomicLongArray(size);
	}

	public int counterId() {
		return this.info.getPreamble().getId();
	}

	public String name() {
		return this.info.getPreamble().getName();
	}

	public int size() {
		return this.packets.length();
	}

	/**
	 * Counts one packet of {@code byteCount} bytes in cell {@code index}. An index out of
	 * range counts nothing: P4 leaves out-of-bounds counter updates to the target, and a
	 * data-plane thread must not fail on packet contents.
	 */
	public void count(int index, long byteCount) {
		if (index >= 0 && index < this.packets.length()) {
			this.packets.incrementAndGet(index);
			this.bytes.addAndGet(index, byteCount);
		}
	}

	public long packets(int index) {
		return this.packets.get(index);
	}

	public long bytes(int index) {
		return this.bytes.get(index);
	}

	CounterData read(int index) {
		return CounterData.newBuilder()
			.setPacketCount(this.packets.get(index))
			.setByteCount(this.bytes.get(index))
			.build();
	}

	void write(int index, CounterData data) {
		if (data.getPacketCount() < 0 || data.getByteCount() < 0) {
			throw EntityRejected.invalid("counter values cannot be negative");
		}
		this.packets.set(index, data.getPacketCount());
		this.bytes.set(index, data.getByteCount());
	}

	/** Checks a controller-given index (spec §9.3.2). */
	int checkIndex(long index) {
		if (index < 0) {
			throw EntityRejected.invalid("negative index " + index + " of counter " + name());
		}
		if (index >= size()) {
			throw new EntityRejected(Status.Code.OUT_OF_RANGE,
					"index " + index + " is beyond the " + size() + " cells of counter " + name());
		}
		return (int) index;
	}

	void reset() {
		for (int i = 0; i < this.packets.length(); i++) {
			this.packets.set(i, 0);
			this.bytes.set(i, 0);
		}
	}

}
