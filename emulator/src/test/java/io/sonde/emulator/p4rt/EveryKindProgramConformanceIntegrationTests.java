package io.sonde.emulator.p4rt;

import java.util.List;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.emulator.state.TestPrograms;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.RegisterEntries;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import p4.v1.Entity;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The conformance checks sonde.p4 cannot exercise, on a program with one of every kind
 * (registers of several types, ternary/range/optional keys, const tables, a small table),
 * over real gRPC with the p4runtime client.
 */
@Timeout(60)
class EveryKindProgramConformanceIntegrationTests {

	private final P4InfoIndex program = TestPrograms.everyKind();

	private final RegisterEntries registers = new RegisterEntries(this.program);

	private final TableEntries entries = new TableEntries(this.program);

	private SwitchUnderTest sw;

	private P4RuntimeClient primary;

	@BeforeEach
	void startSwitch() {
		this.sw = SwitchUnderTest.start("spine1", 3, this.program);
		this.primary = this.sw.primaryWithPipeline();
	}

	@AfterEach
	void stopSwitch() {
		this.sw.close();
	}

	private List<Entity> read(Entity request) {
		return this.primary.read(List.of(request));
	}

	@Test
	void registerCellsAreWrittenAndReadBack() {
		this.primary.write(List.of(Updates.modify(this.registers.write("hop_latency", 2, 123456))));

		Entity cell = read(Entities.of(this.registers.read("hop_latency", 2))).get(0);

		assertThat(Bytestrings.toLong(cell.getRegisterEntry().getData().getBitstring())).isEqualTo(123456);
		assertThat(this.sw.server().state().register("hop_latency").read(2)).isEqualTo(123456);
		assertThat(read(Entities.of(this.registers.readAll("hop_latency")))).hasSize(8);
	}

	@Test
	void whatTheDataPlaneStoresInARegisterIsRead() {
		this.sw.server().state().register("hop_latency").write(5, 0xdead_beefL);

		Entity cell = read(Entities.of(this.registers.read("hop_latency", 5))).get(0);

		assertThat(cell.getRegisterEntry().getData().getBitstring())
			.isEqualTo(ByteString.copyFrom(new byte[] { (byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef }));
	}

	@Test
	void aRegisterIndexBeyondTheArrayIsOutOfRange() {
		var beyond = this.registers.write("hop_latency", 0, 1)
			.toBuilder()
			.setIndex(p4.v1.Index.newBuilder().setIndex(8))
			.build();

		assertThatExceptionOfType(WriteRejected.class)
			.isThrownBy(() -> this.primary.write(List.of(Updates.modify(beyond))))
			.satisfies((ex) -> assertThat(ex.updates()).extracting(UpdateStatus::code)
				.containsExactly(Status.Code.OUT_OF_RANGE));
	}

	private TableEntry acl(int priority) {
		return this.entries.table("acl")
			.exact("ether_type", 0x0800)
			.ternary("src_addr", Bytestrings.ipv4("10.0.0.0"), Bytestrings.ipv4("255.0.0.0"))
			.range("l4_dst_port", 80, 443)
			.priority(priority)
			.action("drop")
			.build();
	}

	@Test
	void ternaryEntriesNeedAPriorityAndKeepIt() {
		TableEntry withoutPriority = acl(1).toBuilder().setPriority(0).build();

		assertThatExceptionOfType(WriteRejected.class)
			.isThrownBy(() -> this.primary.write(List.of(Updates.insert(withoutPriority))))
			.satisfies((ex) -> assertThat(ex.updates().get(0).code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
		this.primary.write(List.of(Updates.insert(acl(7))));
		assertThat(read(Entities.of(this.entries.allOf("acl")))).extracting(Entity::getTableEntry)
			.containsExactly(acl(7));
	}

	@Test
	void constTablesRefuseEntries() {
		TableEntry entry = this.entries.table("fixed").exact("egress_port", 1).action("NoAction").build();

		assertThatExceptionOfType(WriteRejected.class)
			.isThrownBy(() -> this.primary.write(List.of(Updates.insert(entry))))
			.satisfies((ex) -> assertThat(ex.updates().get(0).code()).isEqualTo(Status.Code.PERMISSION_DENIED));
	}

	@Test
	void aFullTableIsResourceExhausted() {
		List<p4.v1.Update> three = java.util.stream.IntStream.rangeClosed(1, 3)
			.mapToObj((port) -> Updates.insert(this.entries.table("sink_ports")
				.exact("egress_port", port)
				.action("mark_sink")
				.param("session", port)
				.build()))
			.toList();

		assertThatExceptionOfType(WriteRejected.class).isThrownBy(() -> this.primary.write(three))
			.satisfies((ex) -> assertThat(ex.updates()).extracting(UpdateStatus::code)
				.containsExactly(Status.Code.OK, Status.Code.OK, Status.Code.RESOURCE_EXHAUSTED));
	}

	@Test
	void everyCounterIsReadWithCounterIdZero() {
		this.sw.server().state().counter("port_counter").count(15, 1);

		List<Entity> cells = read(Entities.of(new CounterEntries(this.program).readEveryCounter()));

		assertThat(cells).hasSize(16);
		assertThat(cells.get(15).getCounterEntry().getData().getPacketCount()).isEqualTo(1);
	}

}
