package io.sonde.emulator.pipeline;

import io.sonde.emulator.state.IndexedCounter;
import io.sonde.emulator.state.RegisterArray;
import io.sonde.emulator.state.SwitchState;

/**
 * sonde.p4's registers and port counters over the {@link SwitchState} a P4Runtime server
 * reads and writes, resolved by name once, here. Cells are the state's atomic ones, so
 * the controller sees what the data plane counted and the data plane sees what the
 * controller wrote (switch id, CNF literals).
 */
public final class SwitchStateRegisters implements SondeRegisters {

	private final RegisterArray[] registers = new RegisterArray[SondeRegister.values().length];

	private final IndexedCounter[] counters = new IndexedCounter[SondePortCounter.values().length];

	public SwitchStateRegisters(SwitchState state) {
		for (SondeRegister register : SondeRegister.values()) {
			RegisterArray array = state.register(register.p4Name());
			if (array.size() != register.size() || array.bitwidth() != register.bitWidth()) {
				throw new IllegalArgumentException(
						"register " + register.p4Name() + " is bit<" + array.bitwidth() + "> x " + array.size()
								+ " in the P4Info, sonde.p4 has bit<" + register.bitWidth() + "> x " + register.size());
			}
			this.registers[register.ordinal()] = array;
		}
		for (SondePortCounter counter : SondePortCounter.values()) {
			this.counters[counter.ordinal()] = state.counter(counter.p4Name());
		}
	}

	@Override
	public long read(SondeRegister register, int index) {
		return this.registers[register.ordinal()].read(index);
	}

	@Override
	public void write(SondeRegister register, int index, long value) {
		this.registers[register.ordinal()].write(index, value);
	}

	@Override
	public void count(SondePortCounter counter, int port, int packetBytes) {
		this.counters[counter.ordinal()].count(port, packetBytes);
	}

}
