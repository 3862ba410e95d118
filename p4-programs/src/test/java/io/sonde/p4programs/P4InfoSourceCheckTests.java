package io.sonde.p4programs;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import p4.config.v1.ActionRef;
import p4.config.v1.CounterSpec;
import p4.config.v1.MatchField;
import p4.config.v1.P4Info;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consistency check must fail on a P4Info or a source that disagree: each test feeds
 * it one deliberate mismatch, and the exhaustive ones change every width and size in
 * turn.
 */
class P4InfoSourceCheckTests {

	private final P4Info p4Info = SondePipeline.p4Info().p4Info();

	private final String sourceText = SondeSources.text();

	private final P4SourceModel source = P4SourceModel.read(this.sourceText);

	@Test
	void catchesEveryChangedMatchFieldWidth() {
		List<String> missed = new ArrayList<>();
		for (int t = 0; t < this.p4Info.getTablesCount(); t++) {
			for (int f = 0; f < this.p4Info.getTables(t).getMatchFieldsCount(); f++) {
				P4Info.Builder mutated = this.p4Info.toBuilder();
				MatchField.Builder field = mutated.getTablesBuilder(t).getMatchFieldsBuilder(f);
				field.setBitwidth(field.getBitwidth() + 1);
				String table = this.p4Info.getTables(t).getPreamble().getName();
				if (!caught(mutated.build(), "bit width of key " + (f + 1) + " of table " + table)) {
					missed.add(table + " key " + field.getName());
				}
			}
		}
		assertThat(missed).isEmpty();
	}

	@Test
	void catchesAChangedMatchKind() {
		P4Info.Builder mutated = this.p4Info.toBuilder();
		mutated.getTablesBuilder(0).getMatchFieldsBuilder(0).setMatchType(MatchField.MatchType.EXACT);
		assertThat(caught(mutated.build(), "match type of key 1 of table")).isTrue();
	}

	@Test
	void catchesEveryChangedActionParameterWidth() {
		List<String> missed = new ArrayList<>();
		for (int a = 0; a < this.p4Info.getActionsCount(); a++) {
			for (int p = 0; p < this.p4Info.getActions(a).getParamsCount(); p++) {
				P4Info.Builder mutated = this.p4Info.toBuilder();
				mutated.getActionsBuilder(a)
					.getParamsBuilder(p)
					.setBitwidth(this.p4Info.getActions(a).getParams(p).getBitwidth() - 1);
				String param = this.p4Info.getActions(a).getParams(p).getName();
				if (!caught(mutated.build(), "bit width of parameter " + param)) {
					missed.add(this.p4Info.getActions(a).getPreamble().getName() + " " + param);
				}
			}
		}
		assertThat(missed).isEmpty();
		assertThat(this.p4Info.getActionsList().stream().mapToInt((a) -> a.getParamsCount()).sum()).isGreaterThan(10);
	}

	@Test
	void catchesEveryChangedRegisterWidthAndSize() {
		for (int r = 0; r < this.p4Info.getRegistersCount(); r++) {
			String name = this.p4Info.getRegisters(r).getPreamble().getName();
			P4Info.Builder wider = this.p4Info.toBuilder();
			wider.getRegistersBuilder(r).getTypeSpecBuilder().getBitstringBuilder().getBitBuilder().setBitwidth(64);
			assertThat(caught(wider.build(), "element bit width of register " + name)).as(name).isTrue();
			P4Info.Builder longer = this.p4Info.toBuilder();
			longer.getRegistersBuilder(r).setSize(this.p4Info.getRegisters(r).getSize() * 2);
			assertThat(caught(longer.build(), "size of register " + name)).as(name).isTrue();
		}
	}

	@Test
	void catchesChangedCounterSizesUnitsAndTableSizes() {
		P4Info.Builder size = this.p4Info.toBuilder();
		size.getCountersBuilder(0).setSize(256);
		assertThat(caught(size.build(), "size of counter")).isTrue();
		P4Info.Builder unit = this.p4Info.toBuilder();
		unit.getDirectCountersBuilder(0).getSpecBuilder().setUnit(CounterSpec.Unit.PACKETS);
		assertThat(caught(unit.build(), "unit of direct counter")).isTrue();
		P4Info.Builder tableSize = this.p4Info.toBuilder();
		tableSize.getTablesBuilder(1).setSize(this.p4Info.getTables(1).getSize() + 1);
		assertThat(caught(tableSize.build(), "size of table")).isTrue();
	}

	@Test
	void catchesAChangedId() {
		P4Info.Builder mutated = this.p4Info.toBuilder();
		mutated.getRegistersBuilder(0).getPreambleBuilder().setId(0x16000999);
		assertThat(caught(mutated.build(), "id of register")).isTrue();
	}

	@Test
	void catchesATableRenamedInTheP4Info() {
		P4Info.Builder mutated = this.p4Info.toBuilder();
		String name = this.p4Info.getTables(2).getPreamble().getName();
		mutated.getTablesBuilder(2).getPreambleBuilder().setName(name + "_old");
		assertThat(caught(mutated.build(), "table " + name + "_old is not declared in the source")).isTrue();
		assertThat(caught(mutated.build(), "table " + name + " is declared in the source but missing")).isTrue();
	}

	@Test
	void catchesEveryRegisterMissingFromTheP4Info() {
		for (int r = 0; r < this.p4Info.getRegistersCount(); r++) {
			P4Info.Builder mutated = this.p4Info.toBuilder().removeRegisters(r);
			String name = this.p4Info.getRegisters(r).getPreamble().getName();
			assertThat(caught(mutated.build(), "register " + name + " is declared in the source but missing")).as(name)
				.isTrue();
		}
	}

	@Test
	void catchesAnActionATableUsesMissingFromTheP4Info() {
		int drop = SondePipeline.p4Info().action("drop").id();
		P4Info.Builder mutated = this.p4Info.toBuilder();
		mutated.removeActions(indexOfAction(drop));
		assertThat(caught(mutated.build(), "action used by a table SondeIngress.forwarding.drop")).isTrue();
	}

	@Test
	void catchesADeclarationTheP4InfoDoesNotList() {
		String anchor = "counter(MAX_PORTS, CounterType.packets_and_bytes) egress_port_counter;";
		String extra = this.sourceText.replace(anchor,
				anchor + "\n    @id(0x16000201) register<bit<16>>(4) int_spare;");
		assertThat(extra).isNotEqualTo(this.sourceText);
		assertThat(P4InfoSourceCheck.mismatches(this.p4Info, P4SourceModel.read(extra)))
			.contains("register SondeEgress.int_spare is declared in the source but missing from the P4Info");
	}

	@Test
	void catchesASourceWidthThatDrifted() {
		String drifted = this.sourceText.replace("action insert_int(bit<16> instructions, bit<5> hop_ml,",
				"action insert_int(bit<16> instructions, bit<6> hop_ml,");
		assertThat(drifted).isNotEqualTo(this.sourceText);
		assertThat(P4InfoSourceCheck.mismatches(this.p4Info, P4SourceModel.read(drifted))).anySatisfy(
				(m) -> assertThat(m).startsWith("bit width of parameter hop_ml of action").contains("the source 6"));
	}

	@Test
	void catchesAKeyWhoseHeaderFieldChangedWidth() {
		String drifted = this.sourceText.replace("bit<8>      protocol;", "bit<16>     protocol;")
			.replace("bit<8>      ip_proto;", "bit<16>     ip_proto;");
		assertThat(P4InfoSourceCheck.mismatches(this.p4Info, P4SourceModel.read(drifted)))
			.anySatisfy((m) -> assertThat(m).contains("(ip_proto)").contains("P4Info has 8, the source 16"));
	}

	@Test
	void catchesAChangedSelectorSizeOrMaxGroupSize() {
		P4Info.Builder size = this.p4Info.toBuilder();
		size.getActionProfilesBuilder(0).setSize(this.p4Info.getActionProfiles(0).getSize() / 2);
		assertThat(caught(size.build(), "size of action profile SondeIngress.forwarding.next_hop_selector")).isTrue();
		P4Info.Builder group = this.p4Info.toBuilder();
		group.getActionProfilesBuilder(0).setMaxGroupSize(0);
		assertThat(caught(group.build(), "max_group_size of action profile")).isTrue();
		P4Info.Builder plain = this.p4Info.toBuilder();
		plain.getActionProfilesBuilder(0).setWithSelector(false);
		assertThat(caught(plain.build(), "with_selector of action profile")).isTrue();
	}

	@Test
	void catchesAnIndirectTableThatLostItsSelector() {
		int table = indexOfTable("SondeIngress.forwarding.next_hop");
		P4Info.Builder direct = this.p4Info.toBuilder();
		direct.getTablesBuilder(table).clearImplementationId();
		assertThat(caught(direct.build(), "implementation of table SondeIngress.forwarding.next_hop")).isTrue();
		P4Info.Builder noSelector = this.p4Info.toBuilder().removeActionProfiles(0);
		assertThat(caught(noSelector.build(),
				"action selector SondeIngress.forwarding.next_hop_selector is declared in the source but missing"))
			.isTrue();
	}

	@Test
	void catchesADefaultOnlyScopeOrConstDefaultThatDiffers() {
		int table = indexOfTable("SondeIngress.forwarding.next_hop");
		P4Info.Builder scope = this.p4Info.toBuilder();
		scope.getTablesBuilder(table).getActionRefsBuilder(1).setScope(ActionRef.Scope.TABLE_AND_DEFAULT);
		assertThat(caught(scope.build(), "default-only actions of table SondeIngress.forwarding.next_hop")).isTrue();
		P4Info.Builder notConst = this.p4Info.toBuilder();
		notConst.getTablesBuilder(table).clearConstDefaultActionId();
		assertThat(caught(notConst.build(), "const default action of table SondeIngress.forwarding.next_hop")).isTrue();
	}

	@Test
	void catchesASelectorWhoseSourceSizeDrifted() {
		String drifted = this.sourceText.replace("#define NEXT_HOP_MAX_GROUP_SIZE 16",
				"#define NEXT_HOP_MAX_GROUP_SIZE 8");
		assertThat(drifted).isNotEqualTo(this.sourceText);
		assertThat(P4InfoSourceCheck.mismatches(this.p4Info, P4SourceModel.read(drifted)))
			.contains("max_group_size of action profile SondeIngress.forwarding.next_hop_selector: P4Info has 16, "
					+ "the source 8");
	}

	@Test
	void catchesANoActionWithAnotherId() {
		P4Info.Builder mutated = this.p4Info.toBuilder();
		mutated.getActionsBuilder(indexOfAction(P4InfoSourceCheck.NO_ACTION_ID)).getPreambleBuilder().setId(0x01000099);
		assertThat(caught(mutated.build(), "id of action NoAction (p4c's)")).isTrue();
	}

	private int indexOfTable(String name) {
		for (int t = 0; t < this.p4Info.getTablesCount(); t++) {
			if (this.p4Info.getTables(t).getPreamble().getName().equals(name)) {
				return t;
			}
		}
		throw new AssertionError("no table " + name);
	}

	private int indexOfAction(int id) {
		for (int a = 0; a < this.p4Info.getActionsCount(); a++) {
			if (this.p4Info.getActions(a).getPreamble().getId() == id) {
				return a;
			}
		}
		throw new AssertionError("no action " + id);
	}

	private boolean caught(P4Info mutated, String expected) {
		return P4InfoSourceCheck.mismatches(mutated, this.source).stream().anyMatch((m) -> m.contains(expected));
	}

}
