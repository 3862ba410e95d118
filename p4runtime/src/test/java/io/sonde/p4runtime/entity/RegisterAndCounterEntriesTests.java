package io.sonde.p4runtime.entity;

import java.math.BigInteger;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.TestP4Info;
import org.junit.jupiter.api.Test;
import p4.v1.CounterEntry;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RegisterAndCounterEntriesTests {

	private final RegisterEntries registers = new RegisterEntries(TestP4Info.index());

	private final CounterEntries counters = new CounterEntries(TestP4Info.index());

	@Test
	void writesARegisterCellAsACanonicalBitstring() {
		RegisterEntry entry = this.registers.write("MyEgress.hop_latency", 3, 99);
		assertThat(entry.getRegisterId()).isEqualTo(0x16000001);
		assertThat(entry.getIndex().getIndex()).isEqualTo(3);
		assertThat(entry.getData().getBitstring()).isEqualTo(ByteString.copyFrom(new byte[] { 0x63 }));
		assertThat(this.registers.bitwidth("hop_latency")).isEqualTo(32);
	}

	@Test
	void canonicalizesGivenRegisterBytes() {
		RegisterEntry entry = this.registers.write("hop_latency", 0, ByteString.copyFrom(new byte[] { 0, 0, 0, 7 }));
		assertThat(entry.getData().getBitstring()).isEqualTo(ByteString.copyFrom(new byte[] { 7 }));
	}

	@Test
	void rejectsRegisterValuesAndIndexesOutOfRange() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.registers.write("hop_latency", 0, BigInteger.ONE.shiftLeft(32)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.OUT_OF_RANGE));
		assertThatExceptionOfType(InvalidEntity.class).isThrownBy(() -> this.registers.write("hop_latency", 64, 1))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.OUT_OF_RANGE));
		assertThatExceptionOfType(InvalidEntity.class).isThrownBy(() -> this.registers.read("hop_latency", -1))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
	}

	@Test
	void readsEveryRegisterCellWithAnUnsetIndex() {
		RegisterEntry all = this.registers.readAll("hop_latency");
		assertThat(all.getRegisterId()).isEqualTo(0x16000001);
		assertThat(all.hasIndex()).isFalse();
		assertThat(this.registers.read("hop_latency", 0).hasIndex()).isTrue();
	}

	@Test
	void readsOneCounterCellOrAllOfThem() {
		CounterEntry one = this.counters.read("ipv4_counter", 0);
		assertThat(one.getCounterId()).isEqualTo(0x12000001);
		assertThat(one.hasIndex()).isTrue();
		assertThat(one.getIndex().getIndex()).isZero();
		assertThat(this.counters.readAll("MyIngress.ipv4_counter").hasIndex()).isFalse();
		assertThat(this.counters.readEveryCounter().getCounterId()).isZero();
		assertThatExceptionOfType(InvalidEntity.class).isThrownBy(() -> this.counters.read("ipv4_counter", 1024));
	}

	@Test
	void readsDirectCountersByEntryKeyOrTable() {
		TableEntry entry = new TableEntries(TestP4Info.index()).table("acl")
			.exact("hdr.ethernet.etherType", 0x0800)
			.priority(1)
			.action("drop")
			.build();
		assertThat(this.counters.readDirect(entry).getTableEntry().hasAction()).isFalse();
		assertThat(this.counters.readDirect(entry).getTableEntry().getMatchCount()).isEqualTo(1);
		assertThat(this.counters.readAllDirect("acl").getTableEntry().getTableId()).isEqualTo(0x02000002);
	}

}
