package io.sonde.p4info.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import p4.config.v1.P4Info;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class P4InfoConstantsTests {

	private static final String TABLE = """
			tables {
			  preamble { id: 33554433 name: "Ingress.forwarding.ipv4_lpm" alias: "ipv4_lpm" }
			  match_fields { id: 1 name: "hdr.ipv4.dst_addr" bitwidth: 32 match_type: LPM }
			  size: 1024
			}
			""";

	private static final String ACTION = """
			actions {
			  preamble { id: 16777217 name: "Ingress.forwarding.set_next_hop" alias: "set_next_hop" }
			  params { id: 1 name: "port" bitwidth: 9 }
			  params { id: 2 name: "dmac" bitwidth: 48 }
			}
			""";

	private static final String REGISTER = """
			registers {
			  preamble { id: 369098753 name: "Egress.report_sequence_number" alias: "report_sequence_number" }
			  type_spec { bitstring { bit { bitwidth: 32 } } }
			  size: 64
			}
			""";

	@Test
	void givesEachObjectItsNameAliasIdAndNumbers() {
		String tables = source(TABLE, "P4Tables");
		assertThat(tables).contains("package io.example.names;", "public final class P4Tables {",
				"public static final class Ipv4Lpm {",
				"public static final String NAME = \"Ingress.forwarding.ipv4_lpm\";",
				"public static final String ALIAS = \"ipv4_lpm\";", "public static final int ID = 33554433;",
				"public static final int SIZE = 1024;");
		assertThat(source(REGISTER, "P4Registers")).contains("public static final class ReportSequenceNumber {",
				"public static final int SIZE = 64;", "public static final int BITWIDTH = 32;");
	}

	@Test
	void namesMatchFieldsAndParametersAsConstants() {
		assertThat(source(TABLE, "P4Tables"))
			.contains("public static final String HDR_IPV4_DST_ADDR = \"hdr.ipv4.dst_addr\";");
		assertThat(source(ACTION, "P4Actions")).contains("public static final class SetNextHop {",
				"public static final String PORT = \"port\";", "public static final String DMAC = \"dmac\";");
	}

	@Test
	void writesNoClassForAKindTheP4InfoHasNoneOf() {
		List<String> classes = generator(TABLE).sources()
			.stream()
			.map(P4InfoConstants.GeneratedSource::className)
			.toList();
		assertThat(classes).containsExactly("P4Tables");
	}

	@Test
	void refusesAFieldThatWouldShadowAConstantEveryObjectHas() {
		String text = ACTION.replace("name: \"dmac\"", "name: \"id\"");
		assertThatThrownBy(() -> generator(text).sources()).isInstanceOf(GeneratedNamesClash.class)
			.hasMessageContaining("P4Actions.SetNextHop")
			.hasMessageContaining("both become ID");
	}

	@Test
	void refusesTwoObjectsWhoseAliasesGiveOneClassName() {
		String text = ACTION + ACTION.replace("16777217", "16777218")
			.replace("forwarding.set_next_hop\"", "forwarding.setNextHop\"")
			.replace("alias: \"set_next_hop\"", "alias: \"setNextHop\"");
		assertThatThrownBy(() -> generator(text).sources()).isInstanceOf(GeneratedNamesClash.class)
			.hasMessageContaining("both become SetNextHop");
	}

	@Test
	void writesOneFilePerClassInThePackageFolder(@TempDir Path folder) throws IOException {
		generator(TABLE + ACTION).writeTo(folder);
		Path names = folder.resolve("io/example/names");
		assertThat(names.resolve("P4Tables.java")).exists();
		assertThat(Files.readString(names.resolve("P4Actions.java"))).contains("class SetNextHop");
	}

	@Test
	void replacesTheClassesOfAnEarlierRun(@TempDir Path folder) throws IOException {
		generator(TABLE + ACTION).writeTo(folder);
		generator(TABLE).writeTo(folder);
		try (var files = Files.list(folder.resolve("io/example/names"))) {
			assertThat(files.map((f) -> f.getFileName().toString())).containsExactly("P4Tables.java");
		}
	}

	@Test
	void turnsP4NamesIntoJavaNames() {
		assertThat(JavaNames.typeName("forwarding.ipv4_lpm")).isEqualTo("ForwardingIpv4Lpm");
		assertThat(JavaNames.typeName("NoAction")).isEqualTo("NoAction");
		assertThat(JavaNames.constantName("hdr.ipv4.dstAddr")).isEqualTo("HDR_IPV4_DST_ADDR");
		assertThat(JavaNames.constantName("l4_src_port")).isEqualTo("L4_SRC_PORT");
		assertThatThrownBy(() -> JavaNames.typeName("1st_table")).isInstanceOf(IllegalArgumentException.class);
	}

	private static String source(String p4InfoText, String className) {
		return generator(p4InfoText).sources()
			.stream()
			.filter((s) -> s.className().equals(className))
			.findFirst()
			.orElseThrow()
			.source();
	}

	private static P4InfoConstants generator(String p4InfoText) {
		P4Info p4Info = P4InfoIndex.fromText(p4InfoText).p4Info();
		return new P4InfoConstants(p4Info, "io.example.names", "test.p4", "test.p4info.txtpb");
	}

}
