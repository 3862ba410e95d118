package io.sonde.switches.internal.state;

import java.util.List;

import com.google.protobuf.ByteString;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.EntityChange;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;
import p4.v1.TableEntry;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;

class StateComparisonTests {

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private final EntityText text = new EntityText(SondePipeline.p4Info());

	private final Entity routeA = this.entities.route(0x0A00_0001, 32, 1, 0x0200_0000_0001L);

	private final Entity routeB = this.entities.route(0x0A00_0002, 32, 2, 0x0200_0000_0002L);

	private final Entity nodeId = this.entities.nodeId(7);

	@Test
	void insertsWhatIsMissingModifiesWhatDiffersAndDeletesWhatIsNotWanted() {
		Entity routeBElsewhere = this.entities.route(0x0A00_0002, 32, 3, 0x0200_0000_0002L);
		Entity stray = this.entities.sinkPort(9);

		StateComparison comparison = StateComparison.of(this.text, List.of(this.nodeId, this.routeA, this.routeB),
				List.of(this.entities.nodeId(7), routeBElsewhere, stray));

		assertThat(comparison.changesInRepairOrder()).extracting(EntityChange::update)
			.containsExactly("DELETE", "INSERT", "MODIFY");
		assertThat(comparison.repairs()).extracting(Update::getType)
			.containsExactly(Update.Type.DELETE, Update.Type.INSERT, Update.Type.MODIFY);
		EntityChange modify = comparison.changesInRepairOrder().get(2);
		assertThat(modify.entity()).isEqualTo("SondeIngress.forwarding.ipv4_lpm dst_addr=10.0.0.2/32");
		assertThat(modify.expected()).isEqualTo("SondeIngress.forwarding.set_next_hop(port=2, dmac=02:00:00:00:00:02)");
		assertThat(modify.installed())
			.isEqualTo("SondeIngress.forwarding.set_next_hop(port=3, dmac=02:00:00:00:00:02)");
		assertThat(comparison.diff("s1", java.time.Instant.EPOCH).matching()).as("the node id").isEqualTo(1);
		assertThat(comparison.repairs().get(0).getEntity().getTableEntry().hasAction())
			.as("a delete names the key only")
			.isFalse();
	}

	@Test
	void comparesByValueNotByEncoding() {
		TableEntry entry = this.routeA.getTableEntry();
		TableEntry.Builder padded = entry.toBuilder();
		padded.getActionBuilder()
			.getActionBuilder()
			.getParamsBuilder(0)
			.setValue(ByteString.copyFrom(new byte[] { 0, 1 }));
		padded.getMatchBuilder(0)
			.getLpmBuilder()
			.setValue(ByteString.copyFrom(new byte[] { 0 }).concat(entry.getMatch(0).getLpm().getValue()));
		padded.setCounterData(p4.v1.CounterData.newBuilder().setPacketCount(42));
		Entity readBack = Entity.newBuilder().setTableEntry(padded).build();

		StateComparison comparison = StateComparison.of(this.text, List.of(this.routeA), List.of(readBack));

		assertThat(comparison.changesInRepairOrder()).as("leading zero bytes and read-side fields do not count")
			.isEmpty();
	}

	@Test
	void writesRegisterCellsItCouldNotReadAndNeverDeletesThem() {
		List<Entity> cells = this.entities.cnfLiteral(3, 1, 1, 500);
		StateComparison comparison = StateComparison.of(this.text, cells, List.of());

		assertThat(comparison.repairs()).extracting(Update::getType)
			.containsExactly(Update.Type.MODIFY, Update.Type.MODIFY, Update.Type.MODIFY);
		assertThat(StateComparison.of(this.text, List.of(), cells).repairs()).isEmpty();
	}

	@Test
	void modifiesTheDefaultEntriesOfKeylessTablesAndNeverInsertsOrDeletesThem() {
		Entity salt = this.entities.ecmpSalt(0x9E37_79B9L);
		StateComparison differs = StateComparison.of(this.text, List.of(this.nodeId, salt),
				List.of(this.entities.nodeId(0)));

		assertThat(differs.repairs()).extracting(Update::getType)
			.containsExactly(Update.Type.MODIFY, Update.Type.MODIFY);
		assertThat(differs.changesInRepairOrder()).extracting(EntityChange::entity)
			.containsExactly("SondeEgress.int_node_id default=true", "SondeIngress.forwarding.ecmp_salt default=true");
		assertThat(differs.changesInRepairOrder().get(0).installed())
			.isEqualTo("SondeEgress.set_int_node_id(node_id=0)");
		assertThat(StateComparison.of(this.text, List.of(this.nodeId), List.of(this.entities.nodeId(7))).repairs())
			.as("read back as written")
			.isEmpty();
		assertThat(StateComparison.of(this.text, List.of(), List.of(this.nodeId, salt)).repairs())
			.as("a default entry is never deleted")
			.isEmpty();
	}

	@Test
	void keysWatchlistEntriesByMatchAndPriority() {
		Entity low = this.entities.watch(FlowKey.ANY, 1, 0xFF80, 12, 8);
		Entity high = this.entities.watch(FlowKey.ANY, 10, 0xFF80, 12, 8);

		assertThat(StateComparison.of(this.text, List.of(high), List.of(low)).changesInRepairOrder())
			.extracting(EntityChange::update)
			.containsExactly("DELETE", "INSERT");
	}

	@Test
	void writesMembersThenGroupsThenEntriesAndDeletesTheOtherWayRound() {
		Entity oldMember = this.entities.nextHopMember(5, 5, 0x0200_0000_0005L);
		Entity oldGroup = this.entities.nextHopGroup(2, List.of(5));
		Entity oldNextHop = this.entities.nextHop(2);
		Entity member = this.entities.nextHopMember(3, 3, 0x0200_0000_0003L);
		Entity group = this.entities.nextHopGroup(1, List.of(3));
		Entity nextHop = this.entities.nextHop(1);
		Entity route = this.entities.routeToGroup(0x0A00_0001, 32, 1);

		StateComparison comparison = StateComparison.of(this.text, List.of(route, nextHop, group, member),
				List.of(oldMember, oldGroup, oldNextHop));

		assertThat(comparison.repairPhases())
			.extracting((phase) -> phase.stream()
				.map((repair) -> repair.update().getType() + " " + repair.update().getEntity().getEntityCase())
				.toList())
			.containsExactly(List.of("DELETE TABLE_ENTRY"), List.of("INSERT ACTION_PROFILE_MEMBER"),
					List.of("INSERT ACTION_PROFILE_GROUP"), List.of("INSERT TABLE_ENTRY", "INSERT TABLE_ENTRY"),
					List.of("DELETE ACTION_PROFILE_GROUP"), List.of("DELETE ACTION_PROFILE_MEMBER"));
		assertThat(comparison.repairs()).hasSize(7);
		assertThat(comparison.changesInRepairOrder()).extracting(EntityChange::entity)
			.contains("SondeIngress.forwarding.next_hop_selector group=1",
					"SondeIngress.forwarding.next_hop_selector member=3");
	}

	@Test
	void aGroupIsTheSameWhateverTheOrderItsMembersAreListedIn() {
		Entity wanted = this.entities.nextHopGroup(1, List.of(3, 4));
		Entity installed = this.entities.nextHopGroup(1, List.of(4, 3));
		Entity shrunk = this.entities.nextHopGroup(1, List.of(4));

		assertThat(StateComparison.of(this.text, List.of(wanted), List.of(installed)).repairs()).isEmpty();
		assertThat(StateComparison.of(this.text, List.of(wanted), List.of(shrunk)).changesInRepairOrder())
			.singleElement()
			.satisfies((change) -> {
				assertThat(change.update()).isEqualTo("MODIFY");
				assertThat(change.expected()).isEqualTo("members=3,4 max_size=16");
				assertThat(change.installed()).isEqualTo("members=4 max_size=16");
			});
	}

}
