package io.sonde.emulator.pipeline;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.info.P4InfoIndex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SondeRegistersTests {

	private final P4InfoIndex p4Info = SondePipeline.p4Info();

	@Test
	void everyRegisterMatchesTheP4Info() {
		for (SondeRegister register : SondeRegister.values()) {
			p4.config.v1.Register info = this.p4Info.register(register.p4Name());
			assertThat(info.getSize()).as(register.p4Name()).isEqualTo(register.size());
			assertThat(info.getTypeSpec().getBitstring().getBit().getBitwidth()).as(register.p4Name())
				.isEqualTo(register.bitWidth());
		}
		for (ProbeRegister register : ProbeRegister.values()) {
			p4.config.v1.Register info = this.p4Info.register(register.p4Alias());
			assertThat(info.getSize()).as(register.p4Alias()).isEqualTo(ProbeRegister.SIZE);
			assertThat(info.getTypeSpec().getBitstring().getBit().getBitwidth()).as(register.p4Alias())
				.isEqualTo(ProbeRegister.BIT_WIDTH);
		}
		// probe_feedback_port is BMv2's only: the emulator's SQR copies wait
		// on its scheduler.
		assertThat(this.p4Info.p4Info().getRegistersList())
			.hasSize(SondeRegister.values().length + ProbeRegister.values().length + 1);
	}

	@Test
	void everyPortCounterMatchesTheP4Info() {
		for (SondePortCounter counter : SondePortCounter.values()) {
			assertThat(this.p4Info.counter(counter.p4Name()).getSize()).isEqualTo(SondePortCounter.SIZE);
		}
	}

	@Test
	void writesWrapToTheElementWidth() {
		InMemorySondeRegisters registers = new InMemorySondeRegisters();
		registers.write(SondeRegister.EVENT_CNF_OPERATOR, 3, 0x1FF);
		registers.write(SondeRegister.REPORT_SEQUENCE_NUMBER, 0, 0x1_0000_0002L);
		assertThat(registers.read(SondeRegister.EVENT_CNF_OPERATOR, 3)).isEqualTo(0xFF);
		assertThat(registers.read(SondeRegister.REPORT_SEQUENCE_NUMBER, 0)).isEqualTo(2);
	}

	@Test
	void anIndexPastTheArrayIsAClearError() {
		InMemorySondeRegisters registers = new InMemorySondeRegisters();
		assertThatExceptionOfType(IndexOutOfBoundsException.class)
			.isThrownBy(() -> registers.read(SondeRegister.REPORT_SEQUENCE_NUMBER, 64))
			.withMessageContaining("SondeEgress.int_report.report_sequence_number has 64 elements");
	}

	@Test
	void resetClearsRegistersAndCounters() {
		InMemorySondeRegisters registers = new InMemorySondeRegisters();
		registers.write(SondeRegister.REPORT_SEQUENCE_NUMBER, 0, 5);
		registers.count(SondePortCounter.INGRESS, 2, 100);
		registers.reset();
		assertThat(registers.read(SondeRegister.REPORT_SEQUENCE_NUMBER, 0)).isZero();
		assertThat(registers.packets(SondePortCounter.INGRESS, 2)).isZero();
	}

}
