package io.sonde.p4runtime.entity;

import java.util.HexFormat;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.TestP4Info;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.UnknownP4Entity;
import org.junit.jupiter.api.Test;
import p4.v1.FieldMatch;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class TableEntriesTests {

	private final TableEntries entries = new TableEntries(TestP4Info.index());

	private static ByteString bytes(String hex) {
		return ByteString.copyFrom(HexFormat.of().parseHex(hex));
	}

	@Test
	void buildsAnLpmEntryWithCanonicalValues() {
		TableEntry entry = this.entries.table("MyIngress.ipv4_lpm")
			.lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4("10.0.1.0"), 24)
			.action("MyIngress.set_nhop")
			.param("port", 1)
			.param("dmac", bytes("000000000101"))
			.build();

		assertThat(entry.getTableId()).isEqualTo(0x02000001);
		assertThat(entry.getPriority()).isZero();
		assertThat(entry.getMatchList()).containsExactly(FieldMatch.newBuilder()
			.setFieldId(1)
			.setLpm(FieldMatch.LPM.newBuilder().setValue(bytes("0a000100")).setPrefixLen(24))
			.build());
		assertThat(entry.getAction().getAction().getActionId()).isEqualTo(0x01000001);
		assertThat(entry.getAction().getAction().getParamsList()).extracting((p) -> p.getValue())
			.containsExactly(bytes("01"), bytes("0101"));
	}

	@Test
	void acceptsAliasesAndStripsPaddingFromGivenBytes() {
		TableEntry entry = this.entries.table("ipv4_lpm")
			.lpm("hdr.ipv4.dstAddr", bytes("000a000100"), 24)
			.action("set_nhop")
			.param("port", bytes("0001"))
			.param("dmac", Bytestrings.mac("00:00:00:00:01:01"))
			.build();
		assertThat(entry.getMatch(0).getLpm().getValue()).isEqualTo(bytes("0a000100"));
		assertThat(entry.getAction().getAction().getParams(0).getValue()).isEqualTo(bytes("01"));
	}

	@Test
	void buildsATernaryEntryWithPriority() {
		TableEntry entry = this.entries.table("acl")
			.exact("hdr.ethernet.etherType", 0x0800)
			.ternary("hdr.ipv4.srcAddr", Bytestrings.ipv4("10.0.0.0"), Bytestrings.ipv4("255.0.0.0"))
			.range("meta.l4_dst_port", 1000, 2000)
			.optional("standard_metadata.ingress_port", 3)
			.priority(10)
			.action("drop")
			.build();
		assertThat(entry.getPriority()).isEqualTo(10);
		assertThat(entry.getMatchList()).extracting(FieldMatch::getFieldId).containsExactly(1, 2, 3, 4);
		assertThat(entry.getMatch(2).getRange().getHigh()).isEqualTo(bytes("07d0"));
		assertThat(entry.getMatch(3).getOptional().getValue()).isEqualTo(bytes("03"));
	}

	@Test
	void sortsMatchesByFieldIdWhateverTheCallOrder() {
		TableEntry entry = this.entries.table("acl")
			.optional("standard_metadata.ingress_port", 3)
			.exact("hdr.ethernet.etherType", 0x0800)
			.priority(1)
			.action("drop")
			.build();
		assertThat(entry.getMatchList()).extracting(FieldMatch::getFieldId).containsExactly(1, 4);
	}

	@Test
	void omitsDontCareMatches() {
		TableEntry entry = this.entries.table("acl")
			.exact("hdr.ethernet.etherType", 0x0800)
			.ternary("hdr.ipv4.srcAddr", 0, 0)
			.range("meta.l4_dst_port", 0, 0xffff)
			.priority(1)
			.action("drop")
			.build();
		assertThat(entry.getMatchList()).extracting(FieldMatch::getFieldId).containsExactly(1);

		TableEntry everything = this.entries.table("ipv4_lpm").lpm("hdr.ipv4.dstAddr", 0, 0).action("drop").build();
		assertThat(everything.getMatchList()).isEmpty();
	}

	@Test
	void rejectsAnEntryWithoutItsExactField() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("acl").priority(1).action("drop").build())
			.withMessageContaining("exact field hdr.ethernet.etherType cannot be omitted");
	}

	@Test
	void rejectsAMissingPriorityOnATernaryTable() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("acl").exact("hdr.ethernet.etherType", 0x0800).action("drop").build())
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
				assertThat(ex.entity()).isEqualTo("table MyIngress.acl");
			});
	}

	@Test
	void rejectsAPriorityOnATableWithoutTernaryRangeOrOptionalFields() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm")
				.lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4("10.0.0.0"), 8)
				.priority(5)
				.action("drop")
				.build())
			.withMessageContaining("priority must be 0");
	}

	@Test
	void rejectsValuesWiderThanTheField() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("acl").exact("hdr.ethernet.etherType", 0x10000))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.OUT_OF_RANGE));
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").action("set_nhop").param("port", 512))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.OUT_OF_RANGE));
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").action("set_nhop").param("port", bytes("0200")));
	}

	@Test
	void rejectsTheWrongMatchKind() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").exact("hdr.ipv4.dstAddr", 1))
			.withMessageContaining("is LPM, not EXACT");
	}

	@Test
	void rejectsHostBitsBeyondTheLpmPrefixAndValueBitsOutsideTheTernaryMask() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4("10.0.1.1"), 24));
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").lpm("hdr.ipv4.dstAddr", 0, 33));
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("acl").ternary("hdr.ipv4.srcAddr", 0x0101, 0xff00));
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("acl").range("meta.l4_dst_port", 20, 10));
	}

	@Test
	void rejectsUnknownFieldsActionsAndParams() {
		assertThatExceptionOfType(UnknownP4Entity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").exact("hdr.ipv4.srcAddr", 1));
		assertThatExceptionOfType(UnknownP4Entity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").action("nope"));
		assertThatExceptionOfType(UnknownP4Entity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").action("set_nhop").param("vlan", 1));
		assertThatExceptionOfType(UnknownP4Entity.class).isThrownBy(() -> this.entries.table("nope"));
	}

	@Test
	void rejectsAnActionTheTableCannotRunAndMissingParams() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").action("send_to_cpu"))
			.withMessageContaining("not an action of this table");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm")
				.lpm("hdr.ipv4.dstAddr", 0, 0)
				.action("set_nhop")
				.param("port", 1)
				.build())
			.withMessageContaining("misses parameter dmac");
	}

	@Test
	void buildsDefaultActionEntries() {
		TableEntry entry = this.entries.defaultAction("ipv4_lpm").action("NoAction").build();
		assertThat(entry.getIsDefaultAction()).isTrue();
		assertThat(entry.getMatchList()).isEmpty();
		assertThat(entry.getAction().getAction().getActionId()).isEqualTo(0x01000003);
	}

	@Test
	void honoursActionScopes() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.table("ipv4_lpm").lpm("hdr.ipv4.dstAddr", 0, 0).action("NoAction").build())
			.withMessageContaining("can only be the default action");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.defaultAction("acl").action("send_to_cpu").build())
			.withMessageContaining("cannot be the default action");
	}

	@Test
	void rejectsChangingAConstDefaultAction() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entries.defaultAction("int_source").action("NoAction").build())
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.PERMISSION_DENIED));
	}

	@Test
	void rejectsMatchesOnADefaultActionEntry() {
		assertThatExceptionOfType(InvalidEntity.class).isThrownBy(() -> this.entries.defaultAction("ipv4_lpm")
			.lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4("10.0.0.0"), 8)
			.action("drop")
			.build());
	}

	@Test
	void buildsKeysWithoutActionForDeletes() {
		TableEntry key = this.entries.table("ipv4_lpm")
			.lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4("10.0.1.0"), 24)
			.build();
		assertThat(key.hasAction()).isFalse();
		assertThat(key.getMatchCount()).isEqualTo(1);
	}

	@Test
	void buildsReadFilters() {
		assertThat(this.entries.allOf("acl").getTableId()).isEqualTo(0x02000002);
		assertThat(this.entries.allTables().getTableId()).isZero();
	}

}
