package io.sonde.p4runtime.info;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import io.sonde.p4runtime.TestP4Info;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import p4.config.v1.MatchField.MatchType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class P4InfoIndexTests {

	private final P4InfoIndex index = TestP4Info.index();

	@Test
	void resolvesTablesByFullNameAndAlias() {
		assertThat(this.index.id(P4EntityKind.TABLE, "MyIngress.ipv4_lpm")).isEqualTo(0x02000001);
		assertThat(this.index.id(P4EntityKind.TABLE, "ipv4_lpm")).isEqualTo(0x02000001);
		assertThat(this.index.name(P4EntityKind.TABLE, 0x02000001)).isEqualTo("MyIngress.ipv4_lpm");
		assertThat(this.index.table("acl").name()).isEqualTo("MyIngress.acl");
	}

	@Test
	void resolvesEveryIndexedKind() {
		assertThat(this.index.id(P4EntityKind.ACTION, "set_nhop")).isEqualTo(0x01000001);
		assertThat(this.index.id(P4EntityKind.COUNTER, "MyIngress.ipv4_counter")).isEqualTo(0x12000001);
		assertThat(this.index.id(P4EntityKind.DIRECT_COUNTER, "acl_counter")).isEqualTo(0x13000001);
		assertThat(this.index.id(P4EntityKind.REGISTER, "hop_latency")).isEqualTo(0x16000001);
		assertThat(this.index.id(P4EntityKind.CONTROLLER_PACKET_METADATA, "packet_in")).isEqualTo(0x04000001);
		assertThat(this.index.name(P4EntityKind.REGISTER, 0x16000001)).isEqualTo("MyEgress.hop_latency");
		assertThat(this.index.controllerPacketMetadata("packet_out").getMetadata(0).getName()).isEqualTo("egress_port");
	}

	@Test
	void describesMatchFieldsOfATable() {
		TableInfo acl = this.index.table("MyIngress.acl");
		assertThat(acl.matchFields()).extracting(MatchFieldInfo::name)
			.containsExactly("hdr.ethernet.etherType", "hdr.ipv4.srcAddr", "meta.l4_dst_port",
					"standard_metadata.ingress_port");
		assertThat(acl.matchField("hdr.ipv4.srcAddr"))
			.isEqualTo(new MatchFieldInfo(2, "hdr.ipv4.srcAddr", 32, MatchType.TERNARY));
		assertThat(acl.matchField(4).bitwidth()).isEqualTo(9);
		assertThat(acl.needsPriority()).isTrue();
		assertThat(this.index.table("ipv4_lpm").needsPriority()).isFalse();
	}

	@Test
	void listsTheActionRefsOfATable() {
		TableInfo lpm = this.index.table("ipv4_lpm");
		assertThat(lpm.actionRefs()).extracting((ref) -> ref.getId())
			.containsExactly(0x01000001, 0x01000002, 0x01000003);
		assertThat(lpm.actionRef(0x01000004)).isEmpty();
	}

	@Test
	void describesActionParams() {
		ActionInfo setNhop = this.index.action("MyIngress.set_nhop");
		assertThat(setNhop.params()).containsExactly(new ActionParamInfo(1, "port", 9),
				new ActionParamInfo(2, "dmac", 48));
		assertThat(setNhop.param("dmac").bitwidth()).isEqualTo(48);
		assertThat(setNhop.param(1).name()).isEqualTo("port");
	}

	@Test
	void throwsUnknownP4EntityWithKindAndNameForAnUnknownTable() {
		assertThatExceptionOfType(UnknownP4Entity.class).isThrownBy(() -> this.index.table("MyIngress.nope"))
			.satisfies((ex) -> {
				assertThat(ex.kind()).isEqualTo(P4EntityKind.TABLE);
				assertThat(ex.key()).isEqualTo("MyIngress.nope");
				assertThat(ex).hasMessageContaining("unknown table 'MyIngress.nope'");
			});
	}

	@Test
	void throwsUnknownP4EntityWithHexIdForAnUnknownId() {
		assertThatExceptionOfType(UnknownP4Entity.class)
			.isThrownBy(() -> this.index.name(P4EntityKind.ACTION, 0x0100ffff))
			.satisfies((ex) -> {
				assertThat(ex.kind()).isEqualTo(P4EntityKind.ACTION);
				assertThat(ex.key()).isEqualTo("0x0100ffff");
			});
	}

	@Test
	void namesTheTableWhenAMatchFieldIsUnknown() {
		assertThatExceptionOfType(UnknownP4Entity.class)
			.isThrownBy(() -> this.index.table("ipv4_lpm").matchField("hdr.ipv4.srcAddr"))
			.satisfies((ex) -> {
				assertThat(ex.kind()).isEqualTo(P4EntityKind.MATCH_FIELD);
				assertThat(ex.scope()).isEqualTo("table MyIngress.ipv4_lpm");
			});
		assertThatExceptionOfType(UnknownP4Entity.class).isThrownBy(() -> this.index.action("set_nhop").param("vlan"))
			.satisfies((ex) -> assertThat(ex.kind()).isEqualTo(P4EntityKind.ACTION_PARAM));
	}

	@Test
	void doesNotConfuseKinds() {
		assertThat(this.index.contains(P4EntityKind.TABLE, "set_nhop")).isFalse();
		assertThatExceptionOfType(UnknownP4Entity.class).isThrownBy(() -> this.index.counter("hop_latency"));
	}

	@Test
	void loadsTextFormatFromAFile(@TempDir Path dir) throws IOException {
		Path file = dir.resolve("p4info.txtpb");
		try (InputStream in = getClass().getClassLoader().getResourceAsStream(TestP4Info.RESOURCE)) {
			Files.copy(in, file);
		}
		P4InfoIndex fromFile = P4InfoIndex.fromTextFile(file);
		assertThat(fromFile.p4Info()).isEqualTo(this.index.p4Info());
	}

	@Test
	void reportsUnreadableSources(@TempDir Path dir) throws IOException {
		assertThatExceptionOfType(P4InfoUnreadable.class)
			.isThrownBy(() -> P4InfoIndex.fromClasspath("p4info/missing.txtpb"))
			.satisfies((ex) -> assertThat(ex.source()).isEqualTo("classpath:p4info/missing.txtpb"));
		Path broken = Files.writeString(dir.resolve("broken.txtpb"), "tables { preamble { id: x } }");
		assertThatExceptionOfType(P4InfoUnreadable.class).isThrownBy(() -> P4InfoIndex.fromTextFile(broken));
		assertThatExceptionOfType(P4InfoUnreadable.class).isThrownBy(() -> P4InfoIndex.fromText("nonsense {"));
	}

}
