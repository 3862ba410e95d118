package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;
import p4.v1.CounterData;
import p4.v1.CounterEntry;
import p4.v1.DirectCounterEntry;
import p4.v1.Entity;
import p4.v1.Index;
import p4.v1.MeterEntry;
import p4.v1.P4Data;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Reads with wildcards (spec §9, §11), counters and registers (spec §9.3, §9.7, §8.3).
 */
class ReadAndCellTests {

	private final P4InfoIndex p4Info = TestPrograms.everyKind();

	private final SwitchState state = new SwitchState(this.p4Info);

	private final TableEntries entries = new TableEntries(this.p4Info);

	private List<Entity> read(Entity request) {
		List<Entity> found = new ArrayList<>();
		this.state.read(request, found::add);
		return found;
	}

	private Status.Code write(Update update) {
		return this.state.write(List.of(update)).get(0).getCode();
	}

	private TableEntry route(String prefix, int length) {
		return this.entries.table("routes").lpm("dst_addr", Bytestrings.ipv4(prefix), length).action("drop").build();
	}

	private static ByteString bytes(int... values) {
		byte[] out = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			out[i] = (byte) values[i];
		}
		return ByteString.copyFrom(out);
	}

	@Test
	void readingEveryTableReturnsEveryEntryButNoDefaultEntries() {
		write(Updates.insert(route("10.0.0.0", 8)));
		write(Updates.insert(this.entries.table("sink_ports")
			.exact("egress_port", 3)
			.action("mark_sink")
			.param("session", 1)
			.build()));

		List<Entity> all = read(Entities.of(this.entries.allTables()));

		assertThat(all).extracting((e) -> e.getTableEntry().getTableId())
			.containsExactlyInAnyOrder(this.p4Info.table("routes").id(), this.p4Info.table("sink_ports").id());
		assertThat(all).noneMatch((e) -> e.getTableEntry().getIsDefaultAction());
	}

	@Test
	void aReadOfEveryTableTakesNoOtherFilter() {
		assertThatExceptionOfType(EntityRejected.class)
			.isThrownBy(() -> read(Entities.of(TableEntry.newBuilder().setPriority(3).build())))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
	}

	@Test
	void aReadWithAMatchReturnsThatEntryOnly() {
		write(Updates.insert(route("10.0.0.0", 8)));
		write(Updates.insert(route("11.0.0.0", 8)));

		List<Entity> one = read(Entities.of(route("11.0.0.0", 8).toBuilder().clearAction().build()));

		assertThat(one).hasSize(1);
		assertThat(one.get(0).getTableEntry()).isEqualTo(route("11.0.0.0", 8));
	}

	@Test
	void theDefaultEntryIsReadWhenAskedFor() {
		TableEntry filter = TableEntry.newBuilder()
			.setTableId(this.p4Info.table("routes").id())
			.setIsDefaultAction(true)
			.build();

		TableEntry defaultEntry = read(Entities.of(filter)).get(0).getTableEntry();

		assertThat(defaultEntry.getIsDefaultAction()).isTrue();
		assertThat(defaultEntry.getAction().getAction().getActionId()).isEqualTo(this.p4Info.action("NoAction").id());
	}

	@Test
	void counterDataIsReadWithEntriesWhenAskedFor() {
		write(Updates.insert(route("10.0.0.0", 8).toBuilder()
			.setCounterData(CounterData.newBuilder().setPacketCount(3).setByteCount(300))
			.build()));
		TableEntry filter = this.entries.allOf("routes")
			.toBuilder()
			.setCounterData(CounterData.getDefaultInstance())
			.build();

		TableEntry entry = read(Entities.of(filter)).get(0).getTableEntry();

		assertThat(entry.getCounterData().getPacketCount()).isEqualTo(3);
		assertThat(read(Entities.of(this.entries.allOf("routes"))).get(0).getTableEntry().hasCounterData()).isFalse();
	}

	@Test
	void directCountersAreReadAndWrittenThroughTheEntryKey() {
		TableEntry entry = route("10.0.0.0", 8);
		write(Updates.insert(entry));
		this.state.table("routes").lookup(new long[] { Bytestrings.toLong(Bytestrings.ipv4("10.1.1.1")) }).count(64);
		DirectCounterEntry key = new CounterEntries(this.p4Info).readDirect(entry);

		assertThat(read(Entities.of(key)).get(0).getDirectCounterEntry().getData().getByteCount()).isEqualTo(64);

		DirectCounterEntry zero = key.toBuilder().setData(CounterData.getDefaultInstance()).build();
		assertThat(write(Updates.of(Update.Type.MODIFY, Entities.of(zero)))).isEqualTo(Status.Code.OK);
		assertThat(read(Entities.of(key)).get(0).getDirectCounterEntry().getData().getByteCount()).isZero();
		assertThat(write(Updates.of(Update.Type.INSERT, Entities.of(zero)))).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void indexedCountersCountReadAndResetPerCell() {
		IndexedCounter counter = this.state.counter("port_counter");
		counter.count(2, 100);
		counter.count(2, 50);
		CounterEntries counters = new CounterEntries(this.p4Info);

		CounterData cell = read(Entities.of(counters.read("port_counter", 2))).get(0).getCounterEntry().getData();
		assertThat(cell.getPacketCount()).isEqualTo(2);
		assertThat(cell.getByteCount()).isEqualTo(150);
		assertThat(read(Entities.of(counters.readAll("port_counter")))).hasSize(16);
		assertThat(read(Entities.of(counters.readEveryCounter()))).hasSize(16);

		CounterEntry clear = counters.readAll("port_counter")
			.toBuilder()
			.setData(CounterData.getDefaultInstance())
			.build();
		assertThat(write(Updates.modify(clear))).isEqualTo(Status.Code.OK);
		assertThat(counter.packets(2)).isZero();
	}

	@Test
	void counterIndexesAreChecked() {
		CounterEntry negative = CounterEntry.newBuilder()
			.setCounterId(this.p4Info.counter("port_counter").getPreamble().getId())
			.setIndex(Index.newBuilder().setIndex(-1))
			.setData(CounterData.getDefaultInstance())
			.build();
		CounterEntry beyond = negative.toBuilder().setIndex(Index.newBuilder().setIndex(16)).build();

		assertThat(write(Updates.modify(negative))).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(write(Updates.modify(beyond))).isEqualTo(Status.Code.OUT_OF_RANGE);
		assertThat(write(Updates.of(Update.Type.INSERT, Entities.of(beyond)))).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	private RegisterEntry cell(String register, long index, ByteString value) {
		return RegisterEntry.newBuilder()
			.setRegisterId(this.p4Info.register(register).getPreamble().getId())
			.setIndex(Index.newBuilder().setIndex(index))
			.setData(P4Data.newBuilder().setBitstring(value))
			.build();
	}

	private ByteString readCell(String register, long index) {
		RegisterEntry filter = cell(register, index, ByteString.EMPTY).toBuilder().clearData().build();
		return read(Entities.of(filter)).get(0).getRegisterEntry().getData().getBitstring();
	}

	@Test
	void registersReadBackWhatWasWrittenCanonically() {
		assertThat(write(Updates.modify(cell("hop_latency", 3, bytes(0, 0, 1, 0))))).isEqualTo(Status.Code.OK);

		assertThat(readCell("hop_latency", 3)).isEqualTo(bytes(1, 0));
		assertThat(this.state.register("hop_latency").read(3)).isEqualTo(256);
	}

	@Test
	void signedRegistersKeepTheirSign() {
		assertThat(write(Updates.modify(cell("delta", 0, bytes(0xff, 0xfb))))).isEqualTo(Status.Code.OK);

		assertThat(readCell("delta", 0)).as("-5, shortest form").isEqualTo(bytes(0xfb));
		assertThat(this.state.register("delta").read(0)).as("the 16-bit pattern").isEqualTo(0xfffb);
		assertThat(write(Updates.modify(cell("delta", 0, bytes(0x80, 0x00, 0x00)))))
			.isEqualTo(Status.Code.OUT_OF_RANGE);
	}

	@Test
	void registersWiderThan64BitsWork() {
		ByteString eightyBits = bytes(0x80, 1, 2, 3, 4, 5, 6, 7, 8, 9);
		assertThat(write(Updates.modify(cell("wide", 1, eightyBits)))).isEqualTo(Status.Code.OK);

		assertThat(readCell("wide", 1)).isEqualTo(eightyBits);
		assertThat(write(Updates.modify(cell("wide", 1, bytes(1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)))))
			.isEqualTo(Status.Code.OUT_OF_RANGE);
	}

	@Test
	void registerWritesAreChecked() {
		assertThat(write(Updates.modify(cell("hop_latency", 8, bytes(1))))).isEqualTo(Status.Code.OUT_OF_RANGE);
		assertThat(write(Updates.modify(cell("hop_latency", -1, bytes(1))))).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(write(Updates.modify(cell("flags", 0, bytes(1))))).isEqualTo(Status.Code.UNIMPLEMENTED);
		assertThat(write(Updates.of(Update.Type.INSERT, Entities.of(cell("hop_latency", 0, bytes(1))))))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void aRegisterWriteWithoutIndexSetsEveryCell() {
		RegisterEntry all = cell("hop_latency", 0, bytes(7)).toBuilder().clearIndex().build();

		assertThat(write(Updates.modify(all))).isEqualTo(Status.Code.OK);

		List<Entity> cells = read(Entities.of(all.toBuilder().clearData().build()));
		assertThat(cells).hasSize(8)
			.allSatisfy((e) -> assertThat(e.getRegisterEntry().getData().getBitstring()).isEqualTo(bytes(7)));
	}

	@Test
	void entitiesTheEmulatorDoesNotRunAreUnimplemented() {
		Entity meter = Entity.newBuilder().setMeterEntry(MeterEntry.newBuilder().setMeterId(0x14000001)).build();

		assertThat(write(Updates.of(Update.Type.MODIFY, meter))).isEqualTo(Status.Code.UNIMPLEMENTED);
		assertThat(write(Update.newBuilder().setType(Update.Type.INSERT).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void resetZeroesCountersAndRegisters() {
		this.state.counter("port_counter").count(1, 10);
		this.state.register("hop_latency").write(1, 99);

		this.state.reset();

		assertThat(this.state.counter("port_counter").packets(1)).isZero();
		assertThat(this.state.register("hop_latency").read(1)).isZero();
	}

}
