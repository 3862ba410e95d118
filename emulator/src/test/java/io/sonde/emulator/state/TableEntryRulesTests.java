package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;
import p4.v1.Action;
import p4.v1.Entity;
import p4.v1.FieldMatch;
import p4.v1.TableAction;
import p4.v1.TableEntry;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table entry rules of spec §9.1 and §8.3 and the codes a switch answers when an
 * update breaks one. Entries are built as raw messages where the client-side builder
 * would refuse them.
 */
class TableEntryRulesTests {

	private final P4InfoIndex p4Info = TestPrograms.everyKind();

	private final SwitchState state = new SwitchState(this.p4Info);

	private final TableEntries entries = new TableEntries(this.p4Info);

	private Status.Code insert(TableEntry entry) {
		return this.state.write(List.of(Updates.insert(entry))).get(0).getCode();
	}

	private Status.Code modify(TableEntry entry) {
		return this.state.write(List.of(Updates.modify(entry))).get(0).getCode();
	}

	private TableEntry.Builder route(ByteString value, int prefix) {
		return TableEntry.newBuilder()
			.setTableId(this.p4Info.table("routes").id())
			.addMatch(FieldMatch.newBuilder()
				.setFieldId(1)
				.setLpm(FieldMatch.LPM.newBuilder().setValue(value).setPrefixLen(prefix)))
			.setAction(TableAction.newBuilder().setAction(drop()));
	}

	private Action drop() {
		return Action.newBuilder().setActionId(this.p4Info.action("drop").id()).build();
	}

	private Action nextHop(ByteString port, ByteString dmac) {
		return Action.newBuilder()
			.setActionId(this.p4Info.action("set_next_hop").id())
			.addParams(Action.Param.newBuilder().setParamId(1).setValue(port))
			.addParams(Action.Param.newBuilder().setParamId(2).setValue(dmac))
			.build();
	}

	private static ByteString bytes(int... values) {
		byte[] out = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			out[i] = (byte) values[i];
		}
		return ByteString.copyFrom(out);
	}

	@Test
	void insertingTheSameKeyTwiceIsAlreadyExists() {
		TableEntry entry = route(Bytestrings.ipv4("10.0.0.0"), 8).build();

		assertThat(insert(entry)).isEqualTo(Status.Code.OK);
		assertThat(insert(entry)).isEqualTo(Status.Code.ALREADY_EXISTS);
	}

	@Test
	void modifyingOrDeletingAMissingEntryIsNotFound() {
		TableEntry entry = route(Bytestrings.ipv4("10.0.0.0"), 8).build();

		assertThat(modify(entry)).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(this.state.write(List.of(Updates.delete(entry))).get(0).getCode()).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void unknownIdsAreInvalidArguments() {
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8).setTableId(0x02000099).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		TableEntry.Builder unknownField = route(Bytestrings.ipv4("10.0.0.0"), 8);
		unknownField.getMatchBuilder(0).setFieldId(9);
		assertThat(insert(unknownField.build())).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8)
			.setAction(TableAction.newBuilder().setAction(Action.newBuilder().setActionId(0x01000099)))
			.build())).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void valuesWiderThanTheFieldAreOutOfRange() {
		assertThat(insert(route(bytes(1, 10, 0, 0, 0), 8).build())).isEqualTo(Status.Code.OUT_OF_RANGE);
		assertThat(insert(route(ByteString.EMPTY, 8).build())).isEqualTo(Status.Code.OUT_OF_RANGE);
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8)
			.setAction(TableAction.newBuilder().setAction(nextHop(bytes(2, 0), bytes(1))))
			.build())).as("a 9-bit port of 512").isEqualTo(Status.Code.OUT_OF_RANGE);
	}

	@Test
	void paddedValuesAreAcceptedAndReadBackCanonical() {
		assertThat(insert(route(bytes(0, 0, 10, 0, 0, 0), 8)
			.setAction(TableAction.newBuilder().setAction(nextHop(bytes(0, 0, 1), bytes(0, 0, 0, 0, 0, 0, 2))))
			.build())).isEqualTo(Status.Code.OK);

		List<Entity> read = new ArrayList<>();
		this.state.read(Entities.of(this.entries.allOf("routes")), read::add);

		TableEntry back = read.get(0).getTableEntry();
		assertThat(back.getMatch(0).getLpm().getValue()).isEqualTo(bytes(10, 0, 0, 0));
		assertThat(back.getAction().getAction().getParams(0).getValue()).isEqualTo(bytes(1));
		assertThat(back.getAction().getAction().getParams(1).getValue()).isEqualTo(bytes(2));
	}

	@Test
	void lpmKeysFollowTheirPrefix() {
		assertThat(insert(route(Bytestrings.ipv4("10.1.0.0"), 8).build())).as("host bits set")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(route(Bytestrings.ipv4("0.0.0.0"), 0).build())).as("don't care sent")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 33).build())).as("prefix beyond width")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void matchKindMustBeTheTablesOne() {
		TableEntry.Builder exactOnLpm = route(Bytestrings.ipv4("10.0.0.0"), 8);
		exactOnLpm.setMatch(0,
				FieldMatch.newBuilder().setFieldId(1).setExact(FieldMatch.Exact.newBuilder().setValue(bytes(10))));

		assertThat(insert(exactOnLpm.build())).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	private TableEntry.Builder acl(int priority) {
		return TableEntry.newBuilder()
			.setTableId(this.p4Info.table("acl").id())
			.addMatch(
					FieldMatch.newBuilder().setFieldId(1).setExact(FieldMatch.Exact.newBuilder().setValue(bytes(8, 0))))
			.setPriority(priority)
			.setAction(TableAction.newBuilder().setAction(drop()));
	}

	private TableEntry.Builder aclWith(FieldMatch.Builder match) {
		return acl(1).addMatch(match);
	}

	@Test
	void priorityIsRequiredExactlyWhenTheTableHasTernaryRangeOrOptionalFields() {
		assertThat(insert(acl(0).build())).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8).setPriority(5).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(acl(5).build())).isEqualTo(Status.Code.OK);
	}

	@Test
	void entriesOfSameMatchAndDifferentPriorityAreDifferentEntries() {
		assertThat(insert(acl(5).build())).isEqualTo(Status.Code.OK);
		assertThat(insert(acl(6).build())).isEqualTo(Status.Code.OK);
		assertThat(this.state.table("acl").size()).isEqualTo(2);
	}

	@Test
	void exactFieldsCannotBeOmitted() {
		assertThat(insert(acl(1).clearMatch().build())).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void dontCareTernaryAndRangeMatchesMustBeOmitted() {
		assertThat(insert(aclWith(FieldMatch.newBuilder()
			.setFieldId(2)
			.setTernary(FieldMatch.Ternary.newBuilder().setValue(bytes(0)).setMask(bytes(0)))).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(aclWith(FieldMatch.newBuilder()
			.setFieldId(3)
			.setRange(FieldMatch.Range.newBuilder().setLow(bytes(0)).setHigh(bytes(0xff, 0xff)))).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void ternaryValueBitsOutsideTheMaskAndInvertedRangesAreInvalid() {
		assertThat(insert(aclWith(FieldMatch.newBuilder()
			.setFieldId(2)
			.setTernary(FieldMatch.Ternary.newBuilder().setValue(bytes(1, 1)).setMask(bytes(1, 0)))).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(aclWith(FieldMatch.newBuilder()
			.setFieldId(3)
			.setRange(FieldMatch.Range.newBuilder().setLow(bytes(9)).setHigh(bytes(8)))).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void actionsMustBeGivenCompletelyAndInScope() {
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8).clearAction().build())).as("insert without action")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		Action missingParam = nextHop(bytes(1), bytes(2)).toBuilder().removeParams(1).build();
		assertThat(insert(
				route(Bytestrings.ipv4("10.0.0.0"), 8).setAction(TableAction.newBuilder().setAction(missingParam))
					.build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		Action extraParam = nextHop(bytes(1), bytes(2)).toBuilder()
			.addParams(Action.Param.newBuilder().setParamId(3).setValue(bytes(1)))
			.build();
		assertThat(
				insert(route(Bytestrings.ipv4("10.0.0.0"), 8).setAction(TableAction.newBuilder().setAction(extraParam))
					.build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8)
			.setAction(TableAction.newBuilder()
				.setAction(Action.newBuilder().setActionId(this.p4Info.action("NoAction").id())))
			.build())).as("a DEFAULT_ONLY action on an entry").isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	@Test
	void defaultEntriesCanOnlyBeModifiedAndOnlyWithDefaultActions() {
		TableEntry punt = TableEntry.newBuilder()
			.setTableId(this.p4Info.table("acl").id())
			.setIsDefaultAction(true)
			.setAction(TableAction.newBuilder()
				.setAction(Action.newBuilder().setActionId(this.p4Info.action("punt").id())))
			.build();
		TableEntry dropByDefault = punt.toBuilder().setAction(TableAction.newBuilder().setAction(drop())).build();

		assertThat(insert(dropByDefault)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(modify(punt)).as("TABLE_ONLY action").isEqualTo(Status.Code.PERMISSION_DENIED);
		assertThat(modify(dropByDefault)).isEqualTo(Status.Code.OK);
		assertThat(this.state.table("acl").lookup(this.state.table("acl").newKey()).action().actionId())
			.isEqualTo(this.p4Info.action("drop").id());
	}

	@Test
	void aDefaultEntryWithoutActionIsResetToTheProgramsDefault() {
		TableEntry dropByDefault = TableEntry.newBuilder()
			.setTableId(this.p4Info.table("routes").id())
			.setIsDefaultAction(true)
			.setAction(TableAction.newBuilder().setAction(drop()))
			.build();
		assertThat(modify(dropByDefault)).isEqualTo(Status.Code.OK);

		assertThat(modify(dropByDefault.toBuilder().clearAction().build())).isEqualTo(Status.Code.OK);

		assertThat(this.state.table("routes").lookup(new long[1]).action().actionId())
			.isEqualTo(this.p4Info.action("NoAction").id());
	}

	@Test
	void constDefaultActionsAndConstTablesAreReadOnly() {
		TableEntry defaultOfConst = TableEntry.newBuilder()
			.setTableId(this.p4Info.table("sink_ports").id())
			.setIsDefaultAction(true)
			.setAction(TableAction.newBuilder()
				.setAction(Action.newBuilder().setActionId(this.p4Info.action("NoAction").id())))
			.build();
		assertThat(modify(defaultOfConst)).isEqualTo(Status.Code.PERMISSION_DENIED);

		TableEntry intoConstTable = this.entries.table("fixed").exact("egress_port", 1).action("NoAction").build();
		assertThat(insert(intoConstTable)).isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	@Test
	void aFullTableIsResourceExhausted() {
		List<Status.Code> codes = new ArrayList<>();
		for (int port = 1; port <= 3; port++) {
			codes.add(insert(this.entries.table("sink_ports")
				.exact("egress_port", port)
				.action("mark_sink")
				.param("session", 1)
				.build()));
		}

		assertThat(codes).containsExactly(Status.Code.OK, Status.Code.OK, Status.Code.RESOURCE_EXHAUSTED);
	}

	@Test
	void aBatchGoesOnAfterAFailedUpdate() {
		TableEntry entry = route(Bytestrings.ipv4("10.0.0.0"), 8).build();
		List<Update> batch = List.of(Updates.insert(entry), Updates.insert(entry),
				Updates.insert(route(Bytestrings.ipv4("11.0.0.0"), 8).build()));

		List<Status> statuses = this.state.write(batch);

		assertThat(statuses).extracting(Status::getCode)
			.containsExactly(Status.Code.OK, Status.Code.ALREADY_EXISTS, Status.Code.OK);
		assertThat(statuses.get(1).getDescription()).contains("Ingress.routes");
		assertThat(this.state.table("routes").size()).isEqualTo(2);
	}

	@Test
	void isConstAndIdleTimeoutsOnTablesWithoutThemAreInvalid() {
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8).setIsConst(true).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(route(Bytestrings.ipv4("10.0.0.0"), 8).setIdleTimeoutNs(1000).build()))
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

}
