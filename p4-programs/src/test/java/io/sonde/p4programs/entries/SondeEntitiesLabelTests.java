package io.sonde.p4programs.entries;

import java.util.List;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.bytes.Bytestrings;
import org.junit.jupiter.api.Test;
import p4.v1.CloneSessionEntry;
import p4.v1.FieldMatch;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * INT-label's entities with the names and ids of issue 24's decisions
 * (INTLABEL-DECISIONS, recorded in p4-programs/README.md "INT-label").
 */
class SondeEntitiesLabelTests {

	private final SondeEntities entities = SondeEntities.ofPipeline();

	@Test
	void setsTheLabelSettingsAsTheDefaultEntryOfTheirKeylessTable() {
		TableEntry settings = this.entities.labelSettings(SondePipeline.LabelMode.BASE_B, 50_000, 10_000, 5)
			.getTableEntry();

		assertThat(settings.getTableId()).isEqualTo(0x02002001);
		assertThat(settings.getIsDefaultAction()).isTrue();
		assertThat(settings.getMatchList()).isEmpty();
		assertThat(settings.getAction().getAction().getActionId()).isEqualTo(0x01002001);
		assertThat(params(settings)).containsExactly(2L, 50_000L, 10_000L, 5L);
		assertThat(SondeEntities.DEFAULT_ENTRY_TABLES).contains(SondeEntities.LABEL_SETTINGS);
	}

	@Test
	void keysTheProbabilityByTheItemCount() {
		TableEntry probability = this.entities.labelProbability(3, SondePipeline.LABEL_PROBABILITY_ALWAYS, true)
			.getTableEntry();

		assertThat(probability.getTableId()).isEqualTo(0x02002002);
		assertThat(probability.getMatchList()).singleElement().satisfies((match) -> {
			assertThat(SondePipeline.p4Info().table(SondeEntities.LABEL_PROBABILITY).matchField("int_num").id())
				.isEqualTo(match.getFieldId());
			assertThat(Bytestrings.toLong(match.getExact().getValue())).isEqualTo(3);
		});
		assertThat(probability.getAction().getAction().getActionId()).isEqualTo(0x01002002);
		assertThat(params(probability)).containsExactly(0xFFFFL, 1L);
	}

	@Test
	void marksASinkPortByItsEgressPort() {
		TableEntry sink = this.entities.labelSinkPort(7).getTableEntry();

		assertThat(sink.getTableId()).isEqualTo(0x02002003);
		assertThat(Bytestrings.toLong(sink.getMatch(0).getExact().getValue())).isEqualTo(7);
		assertThat(sink.getAction().getAction().getActionId()).isEqualTo(0x01002003);
		assertThat(SondePipeline.p4Info().action("SondeEgress.label_egress.not_label_sink").id()).isEqualTo(0x01002004);
	}

	@Test
	void keysASpecificFlowByItsExactFiveTuple() {
		LabelFlow flow = new LabelFlow(0x0A000001, 0xC0A80002, 17, 4000, 5000);
		TableEntry entry = this.entities.labelFlow(flow, 12, 1_000).getTableEntry();

		assertThat(entry.getTableId()).isEqualTo(0x02002000);
		assertThat(entry.getMatchList()).extracting(FieldMatch::hasExact).containsOnly(true);
		assertThat(entry.getMatchList()).extracting((match) -> Bytestrings.toLong(match.getExact().getValue()))
			.containsExactly(0x0A000001L, 0xC0A80002L, 17L, 4000L, 5000L);
		assertThat(entry.getMatchList()).extracting(FieldMatch::getFieldId).containsExactly(1, 2, 3, 4, 5);
		assertThat(entry.getAction().getAction().getActionId()).isEqualTo(0x01002000);
		assertThat(params(entry)).containsExactly(12L, 1_000L);
	}

	@Test
	void rejectsAFlowIndexWithoutASamplingCell() {
		LabelFlow flow = new LabelFlow(1, 2, 6, 0, 0);
		assertThatIllegalArgumentException().isThrownBy(() -> this.entities.labelFlow(flow, 1024, 0))
			.withMessageContaining("flow index 1024");
		assertThatIllegalArgumentException().isThrownBy(() -> new LabelFlow(1, 2, 256, 0, 0))
			.withMessageContaining("protocol 256");
		assertThatIllegalArgumentException().isThrownBy(() -> new LabelFlow(1, 2, 6, 70_000, 0))
			.withMessageContaining("src_port 70000");
	}

	@Test
	void writesThePortsShiftIntoReg2() {
		RegisterEntry cell = this.entities.labelShift(9, 3).getRegisterEntry();

		assertThat(cell.getRegisterId()).isEqualTo(0x16002002);
		assertThat(cell.getIndex().getIndex()).isEqualTo(9);
		assertThat(Bytestrings.toLong(cell.getData().getBitstring())).isEqualTo(3);
		assertThatIllegalArgumentException().isThrownBy(() -> this.entities.labelShift(9, 16))
			.withMessageContaining("shift 16");
		assertThatIllegalArgumentException().isThrownBy(() -> this.entities.labelShift(512, 0))
			.withMessageContaining("port 512");
	}

	@Test
	void bindsTheExportSessionToTheCpuPort() {
		CloneSessionEntry session = this.entities.labelExportMirror(510)
			.getPacketReplicationEngineEntry()
			.getCloneSessionEntry();

		assertThat(session.getSessionId()).isEqualTo(501);
		assertThat(session.getReplicasList()).singleElement()
			.satisfies((replica) -> assertThat(Bytestrings.toLong(replica.getPort())).isEqualTo(510));
	}

	@Test
	void namesEveryLabelEntityWithTheDecidedId() {
		assertThat(SondePipeline.p4Info().table(SondeEntities.LABEL_FLOWS).id()).isEqualTo(0x02002000);
		assertThat(SondePipeline.p4Info().table(SondeEntities.LABEL_SETTINGS).id()).isEqualTo(0x02002001);
		assertThat(SondePipeline.p4Info().table(SondeEntities.LABEL_PROBABILITY).id()).isEqualTo(0x02002002);
		assertThat(SondePipeline.p4Info().table(SondeEntities.LABEL_SINK_PORTS).id()).isEqualTo(0x02002003);
		assertThat(SondePipeline.p4Info().register(SondeEntities.LABEL_FLOW_LAST_TIME).getPreamble().getId())
			.isEqualTo(0x16002000);
		assertThat(SondePipeline.p4Info().register(SondeEntities.LABEL_LAST_TIME).getPreamble().getId())
			.isEqualTo(0x16002001);
		assertThat(SondePipeline.p4Info().register(SondeEntities.LABEL_SHIFT).getPreamble().getId())
			.isEqualTo(0x16002002);
		List<String> counters = List.of(SondeEntities.LABEL_DECISIONS, SondeEntities.LABEL_CARRIED,
				SondeEntities.LABEL_EXPORTS, SondeEntities.LABEL_MALFORMED);
		for (int i = 0; i < counters.size(); i++) {
			assertThat(SondePipeline.p4Info().counter(counters.get(i)).getPreamble().getId()).as(counters.get(i))
				.isEqualTo(0x12002000 + i);
		}
		assertThat(SondePipeline.p4Info().counter(SondeEntities.LABEL_MALFORMED).getSize()).isEqualTo(1);
		assertThat(SondePipeline.p4Info().counter(SondeEntities.LABEL_EXPORTS).getSize())
			.isEqualTo(SondePipeline.MAX_PORTS);
		assertThat(SondePipeline.p4Info().p4Info().getPkgInfo().getVersion()).isEqualTo("0.5.0");
		assertThat(SondeEntities.TABLES).contains(SondeEntities.LABEL_SINK_PORTS, SondeEntities.LABEL_PROBABILITY,
				SondeEntities.LABEL_FLOWS);
	}

	private static List<Long> params(TableEntry entry) {
		return entry.getAction()
			.getAction()
			.getParamsList()
			.stream()
			.map((param) -> Bytestrings.toLong(param.getValue()))
			.toList();
	}

}
