package io.sonde.emulator.pipeline;

import io.sonde.emulator.state.IndexedCounter;
import io.sonde.emulator.state.RegisterArray;
import io.sonde.emulator.state.SwitchState;
import io.sonde.p4runtime.info.P4EntityKind;

/**
 * sonde.p4's registers and port counters over the {@link SwitchState} a P4Runtime server
 * reads and writes, resolved by name once, here. Cells are the state's atomic ones, so
 * the controller sees what the data plane counted and the data plane sees what the
 * controller wrote (switch id, CNF literals).
 * <p>
 * The GPINT measurement registers ({@link ProbeRegister}) are the state's when the P4Info
 * declares them; with a P4Info from before sonde.p4 had them they are kept here, so the
 * twin measures the same either way and the controller reads them only through probes.
 */
public final class SwitchStateRegisters implements SondeRegisters {

	private final RegisterArray[] registers = new RegisterArray[SondeRegister.values().length];

	private final IndexedCounter[] counters = new IndexedCounter[SondePortCounter.values().length];

	private final IndexedCounter[] labelCounters = new IndexedCounter[LabelCounter.values().length];

	/** The state's measurement registers, or null where the P4Info has none. */
	private final RegisterArray[] probeRegisters = new RegisterArray[ProbeRegister.values().length];

	private final InMemorySondeRegisters withoutP4Info = new InMemorySondeRegisters();

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
		for (LabelCounter counter : LabelCounter.values()) {
			IndexedCounter indexed = state.counter(counter.p4Name());
			if (indexed.size() != counter.size()) {
				throw new IllegalArgumentException("counter " + counter.p4Name() + " has " + indexed.size()
						+ " cells in the P4Info, sonde.p4 has " + counter.size());
			}
			this.labelCounters[counter.ordinal()] = indexed;
		}
		for (ProbeRegister register : ProbeRegister.values()) {
			if (state.p4Info().contains(P4EntityKind.REGISTER, register.p4Alias())) {
				this.probeRegisters[register.ordinal()] = state.register(register.p4Alias());
			}
		}
	}

	@Override
	public long read(ProbeRegister register, int index) {
		RegisterArray array = this.probeRegisters[register.ordinal()];
		if (array == null) {
			return this.withoutP4Info.read(register, index);
		}
		return (index >= 0 && index < array.size()) ? array.read(index) : 0;
	}

	@Override
	public void increment(ProbeRegister register, int index) {
		RegisterArray array = this.probeRegisters[register.ordinal()];
		if (array == null) {
			this.withoutP4Info.increment(register, index);
		}
		else if (index >= 0 && index < array.size()) {
			array.write(index, ProbeRegister.wrap(array.read(index) + 1));
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

	@Override
	public void count(LabelCounter counter, int index, int packetBytes) {
		this.labelCounters[counter.ordinal()].count(index, packetBytes);
	}

}
