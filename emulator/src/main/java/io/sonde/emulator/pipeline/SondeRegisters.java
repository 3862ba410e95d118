package io.sonde.emulator.pipeline;

/**
 * The stateful elements of sonde.p4 the data plane reads and writes: its registers by
 * index and its port counters. Direct counters (per table entry) are counted by the table
 * lookups of {@link SondeTables}. Indexes come from the pipeline's own arithmetic and are
 * always inside the arrays (index types as wide as the registers are long, defines.p4).
 */
public interface SondeRegisters {

	/** {@code register.read(result, index)}: the element, unsigned. */
	long read(SondeRegister register, int index);

	/** {@code register.write(index, value)}: the value wraps to the element width. */
	void write(SondeRegister register, int index, long value);

	/** {@code counter.count(port)} for one packet of {@code packetBytes} bytes. */
	void count(SondePortCounter counter, int port, int packetBytes);

	/**
	 * {@code counter.count(index)} of an INT-label counter for one packet of
	 * {@code packetBytes} bytes; an index outside the counter counts nothing.
	 */
	void count(LabelCounter counter, int index, int packetBytes);

	/**
	 * A GPINT measurement cell, unsigned; 0 for an index outside the register (a MEA
	 * range may ask past its end).
	 */
	long read(ProbeRegister register, int index);

	/**
	 * Adds one to a GPINT measurement cell, wrapping at 32 bits; an index outside the
	 * register counts nothing.
	 */
	void increment(ProbeRegister register, int index);

}
