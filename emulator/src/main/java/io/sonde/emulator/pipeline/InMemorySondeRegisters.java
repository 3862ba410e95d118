package io.sonde.emulator.pipeline;

import java.util.Objects;

/**
 * Registers and port counters of one switch in plain arrays: the state a virtual-time
 * experiment or a test gives the pipeline when no P4Runtime server is involved. One
 * writer at a time (the switch's data-plane thread); readers see values without tearing
 * only between packets.
 */
public final class InMemorySondeRegisters implements SondeRegisters {

	private final long[][] registers = new long[SondeRegister.values().length][];

	private final long[][] packets = new long[SondePortCounter.values().length][SondePortCounter.SIZE];

	private final long[][] bytes = new long[SondePortCounter.values().length][SondePortCounter.SIZE];

	private final long[][] probeCells = new long[ProbeRegister.values().length][ProbeRegister.SIZE];

	private final long[][] labelPackets = new long[LabelCounter.values().length][];

	private final long[][] labelBytes = new long[LabelCounter.values().length][];

	public InMemorySondeRegisters() {
		for (SondeRegister register : SondeRegister.values()) {
			this.registers[register.ordinal()] = new long[register.size()];
		}
		for (LabelCounter counter : LabelCounter.values()) {
			this.labelPackets[counter.ordinal()] = new long[counter.size()];
			this.labelBytes[counter.ordinal()] = new long[counter.size()];
		}
	}

	@Override
	public long read(SondeRegister register, int index) {
		return this.registers[register.ordinal()][checkIndex(register, index)];
	}

	@Override
	public void write(SondeRegister register, int index, long value) {
		this.registers[register.ordinal()][checkIndex(register, index)] = value & register.mask();
	}

	@Override
	public void count(SondePortCounter counter, int port, int packetBytes) {
		this.packets[counter.ordinal()][port & IntWire.PORT_MASK]++;
		this.bytes[counter.ordinal()][port & IntWire.PORT_MASK] += packetBytes;
	}

	@Override
	public void count(LabelCounter counter, int index, int packetBytes) {
		if (index >= 0 && index < counter.size()) {
			this.labelPackets[counter.ordinal()][index]++;
			this.labelBytes[counter.ordinal()][index] += packetBytes;
		}
	}

	/** Packets counted in a cell of an INT-label counter. */
	public long packets(LabelCounter counter, int index) {
		return this.labelPackets[counter.ordinal()][Objects.checkIndex(index, counter.size())];
	}

	/** Bytes counted in a cell of an INT-label counter. */
	public long bytes(LabelCounter counter, int index) {
		return this.labelBytes[counter.ordinal()][Objects.checkIndex(index, counter.size())];
	}

	@Override
	public long read(ProbeRegister register, int index) {
		return (index >= 0 && index < ProbeRegister.SIZE) ? this.probeCells[register.ordinal()][index] : 0;
	}

	@Override
	public void increment(ProbeRegister register, int index) {
		if (index >= 0 && index < ProbeRegister.SIZE) {
			long[] cells = this.probeCells[register.ordinal()];
			cells[index] = ProbeRegister.wrap(cells[index] + 1);
		}
	}

	/** Packets counted for a port. */
	public long packets(SondePortCounter counter, int port) {
		return this.packets[counter.ordinal()][Objects.checkIndex(port, SondePortCounter.SIZE)];
	}

	/** Bytes counted for a port. */
	public long bytes(SondePortCounter counter, int port) {
		return this.bytes[counter.ordinal()][Objects.checkIndex(port, SondePortCounter.SIZE)];
	}

	/** Sets every register element and counter back to 0, as a switch restart does. */
	public void reset() {
		for (long[] register : this.registers) {
			java.util.Arrays.fill(register, 0);
		}
		for (long[] cells : this.probeCells) {
			java.util.Arrays.fill(cells, 0);
		}
		for (int i = 0; i < this.packets.length; i++) {
			java.util.Arrays.fill(this.packets[i], 0);
			java.util.Arrays.fill(this.bytes[i], 0);
		}
		for (int i = 0; i < this.labelPackets.length; i++) {
			java.util.Arrays.fill(this.labelPackets[i], 0);
			java.util.Arrays.fill(this.labelBytes[i], 0);
		}
	}

	private static int checkIndex(SondeRegister register, int index) {
		if (index < 0 || index >= register.size()) {
			throw new IndexOutOfBoundsException(
					"register " + register.p4Name() + " has " + register.size() + " elements, no index " + index);
		}
		return index;
	}

}
