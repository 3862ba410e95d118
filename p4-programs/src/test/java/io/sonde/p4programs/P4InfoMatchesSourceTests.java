package io.sonde.p4programs;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;
import p4.config.v1.Action;
import p4.config.v1.Counter;
import p4.config.v1.DirectCounter;
import p4.config.v1.MatchField;
import p4.config.v1.Register;
import p4.config.v1.Table;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * p4c cannot run here, so this checks the checked-in P4Info against the P4 source: every
 * table, match field, action, parameter, counter and register it lists is declared in
 * sonde.p4's files with the same name, bit width, match kind and size.
 */
class P4InfoMatchesSourceTests {

	private static final List<String> SOURCE_FILES = List.of("headers.p4", "sizes.p4", "parser.p4", "forwarding.p4",
			"sonde.p4");

	private final P4InfoIndex p4Info = SondePipeline.p4Info();

	private final P4SourceModel source = P4SourceModel
		.read(SOURCE_FILES.stream().map(SondePipeline::source).collect(Collectors.joining("\n")));

	@Test
	void includesEverySourceFileFromTheMainProgram() {
		String main = SondePipeline.source("sonde.p4");
		SOURCE_FILES.stream()
			.filter((file) -> !file.equals("sonde.p4"))
			.forEach((file) -> assertThat(main).contains("#include \"" + file + "\""));
	}

	@Test
	void declaresEveryTableWithItsMatchFields() {
		assertThat(this.p4Info.p4Info().getTablesList()).isNotEmpty();
		for (Table table : this.p4Info.p4Info().getTablesList()) {
			String name = localName(table.getPreamble().getName());
			assertThat(this.source.tables).as("table %s in the source", name).containsKey(name);
			List<P4SourceModel.Key> keys = this.source.tables.get(name);
			assertThat(keys).as("keys of %s", name).hasSize(table.getMatchFieldsCount());
			for (MatchField field : table.getMatchFieldsList()) {
				P4SourceModel.Key key = keys.stream()
					.filter((k) -> k.name().equals(field.getName()))
					.findFirst()
					.orElseThrow(() -> new AssertionError("table " + name + " has no key named " + field.getName()));
				assertThat(this.source.fieldWidth(key.field())).as("width of %s.%s", name, field.getName())
					.isEqualTo(field.getBitwidth());
				assertThat(key.matchKind().toUpperCase(Locale.ROOT)).as("match kind of %s.%s", name, field.getName())
					.isEqualTo(field.getMatchType().name());
			}
		}
	}

	@Test
	void declaresEveryActionWithItsParameters() {
		for (Action action : this.p4Info.p4Info().getActionsList()) {
			String name = localName(action.getPreamble().getName());
			assertThat(this.source.actions).as("action %s in the source", name).containsKey(name);
			assertThat(this.source.actions.get(name)).as("parameters of %s", name).hasSize(action.getParamsCount());
			for (Action.Param param : action.getParamsList()) {
				assertThat(this.source.actions.get(name)).as("parameter %s of %s", param.getName(), name)
					.containsEntry(param.getName(), param.getBitwidth());
			}
		}
	}

	@Test
	void declaresEveryCounterAndRegisterWithItsSize() {
		for (Counter counter : this.p4Info.p4Info().getCountersList()) {
			String name = localName(counter.getPreamble().getName());
			assertThat(this.source.counters).as("counter %s", name).containsEntry(name, counter.getSize());
		}
		for (DirectCounter counter : this.p4Info.p4Info().getDirectCountersList()) {
			assertThat(this.source.directCounters).containsKey(localName(counter.getPreamble().getName()));
		}
		for (Register register : this.p4Info.p4Info().getRegistersList()) {
			String name = localName(register.getPreamble().getName());
			assertThat(this.source.registers).as("register %s", name).containsKey(name);
			assertThat(this.source.registers.get(name)[1]).as("size of %s", name).isEqualTo(register.getSize());
		}
	}

	@Test
	void usesTheIdPrefixOfEachEntityKind() {
		P4InfoIdsAssert.prefix(this.p4Info.p4Info().getTablesList().stream().map((t) -> t.getPreamble().getId()), 0x02);
		P4InfoIdsAssert.prefix(this.p4Info.p4Info().getActionsList().stream().map((a) -> a.getPreamble().getId()),
				0x01);
		P4InfoIdsAssert.prefix(this.p4Info.p4Info().getCountersList().stream().map((c) -> c.getPreamble().getId()),
				0x12);
		P4InfoIdsAssert
			.prefix(this.p4Info.p4Info().getDirectCountersList().stream().map((c) -> c.getPreamble().getId()), 0x13);
		P4InfoIdsAssert.prefix(this.p4Info.p4Info().getRegistersList().stream().map((r) -> r.getPreamble().getId()),
				0x16);
	}

	private static String localName(String fullName) {
		return fullName.substring(fullName.lastIndexOf('.') + 1);
	}

	private static final class P4InfoIdsAssert {

		static void prefix(Stream<Integer> ids, int prefix) {
			ids.forEach((id) -> assertThat(id >>> 24).as("id 0x%08x has prefix 0x%02x", id, prefix).isEqualTo(prefix));
		}

	}

}
