package io.sonde.emulator.p4rt;

import java.util.Collections;
import java.util.List;
import java.util.Optional;

import io.sonde.emulator.state.TestPrograms;
import io.sonde.p4programs.SondePipeline;
import org.junit.jupiter.api.Test;
import p4.config.v1.P4Info;
import p4.config.v1.Table;

import static org.assertj.core.api.Assertions.assertThat;

/** Which pushed P4Infos a switch running sonde.p4 accepts, and what it says otherwise. */
class P4InfoComparisonTests {

	private final P4Info sonde = SondePipeline.p4Info().p4Info();

	@Test
	void acceptsTheSameProgram() {
		assertThat(P4InfoComparison.difference(this.sonde, this.sonde)).isEmpty();
	}

	@Test
	void ignoresDocumentationAnnotationsAliasesAndOrder() {
		P4Info.Builder restyled = this.sonde.toBuilder().clearPkgInfo();
		restyled.getTablesBuilder(0)
			.getPreambleBuilder()
			.setAlias("other")
			.addAnnotations("@hidden")
			.setDoc(p4.config.v1.Documentation.newBuilder().setBrief("routes"));
		List<p4.config.v1.Action> actions = new java.util.ArrayList<>(this.sonde.getActionsList());
		Collections.reverse(actions);
		restyled.clearActions().addAllActions(actions);

		assertThat(P4InfoComparison.difference(this.sonde, restyled.build())).isEmpty();
	}

	@Test
	void namesAChangedMatchFieldWidth() {
		P4Info.Builder changed = this.sonde.toBuilder();
		changed.getTablesBuilder(0).getMatchFieldsBuilder(0).setBitwidth(16);
		Table table = this.sonde.getTables(0);

		Optional<String> why = P4InfoComparison.difference(this.sonde, changed.build());

		assertThat(why).hasValueSatisfying((text) -> assertThat(text).contains(table.getPreamble().getName())
			.contains("match_fields")
			.contains("bitwidth: 16"));
	}

	@Test
	void namesMissingAndExtraObjects() {
		P4Info withoutFirstTable = this.sonde.toBuilder().removeTables(0).build();
		String firstTable = this.sonde.getTables(0).getPreamble().getName();

		assertThat(P4InfoComparison.difference(this.sonde, withoutFirstTable))
			.hasValueSatisfying((text) -> assertThat(text).contains("table '" + firstTable + "'").contains("missing"));
		assertThat(P4InfoComparison.difference(withoutFirstTable, this.sonde))
			.hasValueSatisfying((text) -> assertThat(text).contains(firstTable).contains("not part of the program"));
	}

	@Test
	void rejectsAnotherProgram() {
		assertThat(P4InfoComparison.difference(this.sonde, TestPrograms.everyKind().p4Info())).isPresent();
	}

}
