package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.grpc.Status;
import io.sonde.emulator.report.InMemoryReportSink;
import io.sonde.emulator.state.SwitchState;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.CnfOperator;
import io.sonde.p4programs.SondePipeline.EventMetric;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.ReportFormat;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.RegisterEntries;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline over {@link SwitchState} written the P4Runtime way: table entries built
 * with {@link TableEntries}, registers with {@link RegisterEntries}, as a controller
 * would send them.
 */
class SwitchStateAdaptersTests {

	private static final int DESTINATION = TestFrames.address(10, 0, 1, 0);

	private final TableEntries entries = new TableEntries(SondePipeline.p4Info());

	private final RegisterEntries registerEntries = new RegisterEntries(SondePipeline.p4Info());

	private final GroundTruth truth = GroundTruth.bounded(100, 100);

	/** A switch whose tables and registers are a SwitchState. */
	private final class StateSwitch {

		final SwitchState state = new SwitchState(SondePipeline.p4Info());

		final SwitchStateTables tables = new SwitchStateTables(this.state);

		final InMemoryReportSink reports = new InMemoryReportSink(100);

		final SondeIngress ingress;

		final SondeEgress egress;

		final IngressResult result = new IngressResult();

		int labelExports;

		StateSwitch(long switchId) {
			SwitchStateRegisters registers = new SwitchStateRegisters(this.state);
			this.ingress = new SondeIngress(this.tables, registers);
			this.egress = new SondeEgress(this.tables, registers, this.reports, SwitchStateAdaptersTests.this.truth,
					ReportFormat.TR2_0, new java.util.SplittableRandom(3)::nextInt,
					(sessionPort, ingressPort, frame, length) -> this.labelExports++);
			modify(SondeEntities.ofPipeline().nodeId(switchId).getTableEntry());
		}

		void write(p4.v1.TableEntry entry) {
			check(this.state.write(List.of(Updates.insert(entry))));
		}

		void write(p4.v1.RegisterEntry entry) {
			check(this.state.write(List.of(Updates.modify(entry))));
		}

		/**
		 * A CloneSessionEntry with one replica, written as a controller would (§9.5.2).
		 */
		Status writeCloneSession(int sessionId, int port) {
			p4.v1.CloneSessionEntry session = p4.v1.CloneSessionEntry.newBuilder()
				.setSessionId(sessionId)
				.addReplicas(p4.v1.Replica.newBuilder()
					.setPort(com.google.protobuf.ByteString.copyFrom(new byte[] { (byte) (port >> 8), (byte) port })))
				.build();
			return this.state
				.write(List.of(Updates.of(p4.v1.Update.Type.INSERT, Entities
					.of(p4.v1.PacketReplicationEngineEntry.newBuilder().setCloneSessionEntry(session).build()))))
				.get(0);
		}

		void modify(p4.v1.TableEntry entry) {
			check(this.state.write(List.of(Updates.modify(entry))));
		}

		private void check(List<Status> statuses) {
			assertThat(statuses).allSatisfy((status) -> assertThat(status.isOk()).as(status.toString()).isTrue());
		}

		void route(int port) {
			write(SwitchStateAdaptersTests.this.entries.table("SondeIngress.forwarding.ipv4_lpm")
				.lpm("dst_addr", DESTINATION & 0xFFFF_FFFFL, 24)
				.action("SondeIngress.forwarding.set_next_hop")
				.param("port", port)
				.param("dmac", 0x02_00_00_00_00_EEL)
				.build());
		}

		FrameBuffer forward(FrameBuffer frame, long packetId, long ingressTs, long egressTs, int depth) {
			this.ingress.apply(frame, packetId, 1, ingressTs, this.result);
			if (this.result.cloned()) {
				this.egress.applyClone(this.result, ingressTs);
			}
			if (this.result.drop()) {
				return null;
			}
			this.egress.apply(frame, new EgressMetadata().set(packetId, 1, this.result.egressPort(), ingressTs,
					egressTs, depth, this.result.bridged()));
			return frame;
		}

	}

	@Test
	void readsTheNodeIdAndTheSaltFromTheDefaultEntriesOfTheirKeylessTables() {
		SwitchStateTables fresh = new SwitchStateTables(new SwitchState(SondePipeline.p4Info()));
		assertThat(fresh.intNodeId()).isZero();
		assertThat(fresh.ecmpSalt()).isZero();
		StateSwitch sw = new StateSwitch(0xA1);
		sw.modify(SondeEntities.ofPipeline().ecmpSalt(0x9E37_79B9L).getTableEntry());
		assertThat(sw.tables.intNodeId()).isEqualTo(0xA1);
		assertThat(sw.tables.ecmpSalt()).isEqualTo(0x9E37_79B9L);
		sw.modify(SondeEntities.ofPipeline().nodeId(0xFFFF_FFFFL).getTableEntry());
		assertThat(sw.tables.intNodeId()).isEqualTo(0xFFFF_FFFFL);
	}

	private StateSwitch source() {
		StateSwitch source = new StateSwitch(0xA1);
		source.route(2);
		source.write(this.entries.table("SondeIngress.int_source.int_watchlist")
			.ternary("ip_proto", 17, 0xFF)
			.range("l4_dst_port", 6000, 6010)
			.priority(10)
			.action("SondeIngress.int_source.insert_int")
			.param("instructions", 0x3000)
			.param("hop_ml", 2)
			.param("remaining_hop_count", 5)
			.build());
		return source;
	}

	private StateSwitch sink() {
		StateSwitch sink = new StateSwitch(0xC3);
		sink.route(3);
		sink.write(this.entries.table("SondeIngress.int_sink.int_sink_ports")
			.exact("egress_port", 3)
			.action("SondeIngress.int_sink.mark_sink_port")
			.build());
		sink.write(this.entries.table("SondeEgress.int_report.int_report_collectors")
			.exact("egress_port", 7)
			.action("SondeEgress.int_report.send_report")
			.param("src_mac", 0x02_00_00_00_00_C3L)
			.param("collector_mac", 0x02_00_00_00_00_C0L)
			.param("src_ip", 0xC0A8_0003L)
			.param("collector_ip", 0xC0A8_0064L)
			.param("collector_port", 32766)
			.param("hw_id", 3)
			.build());
		assertThat(sink.writeCloneSession(SondePipeline.INT_REPORT_CLONE_SESSION_ID, 7).isOk()).isTrue();
		return sink;
	}

	@Test
	void entriesWrittenThroughP4RuntimeDriveSourceAndSink() {
		StateSwitch source = source();
		StateSwitch sink = sink();
		byte[] original = TestFrames.udp().ports(1234, 6005).build();

		FrameBuffer frame = source.forward(FrameBuffer.copyOf(original), 1, 100, 160, 4);
		assertThat(IntTestFrames.readInt(frame).hops()).singleElement()
			.satisfies((hop) -> assertThat(hop.value(HopValue.HOP_LATENCY)).isEqualTo(60L))
			.satisfies((hop) -> assertThat(hop.value(HopValue.QUEUE_OCCUPANCY)).isEqualTo(4L));
		FrameBuffer delivered = sink.forward(frame, 1, 300, 300, 0);

		assertThat(delivered.length()).isEqualTo(original.length);
		assertThat(sink.reports.accepted()).isEqualTo(1);
		ReportTruth report = this.truth.snapshot().reportsOf(1).get(0);
		assertThat(report.nodeId()).isEqualTo(0xC3);
		assertThat(report.hwId()).isEqualTo(3);
		assertThat(sink.state.register("SondeEgress.int_report.report_sequence_number").read(3)).isEqualTo(1);
		assertThat(source.state.counter("SondeIngress.ingress_port_counter").packets(1)).isEqualTo(1);
		assertThat(source.state.counter("SondeEgress.egress_port_counter").packets(2)).isEqualTo(1);
		assertThat(sink.state.counter("SondeEgress.egress_port_counter").packets(7)).as("the clone").isEqualTo(1);
	}

	@Test
	void aHitCountsOnTheEntrysDirectCounter() {
		StateSwitch source = source();
		source.forward(FrameBuffer.copyOf(TestFrames.udp().ports(1, 6000).build()), 1, 0, 0, 0);
		source.forward(FrameBuffer.copyOf(TestFrames.udp().ports(1, 7000).build()), 2, 0, 0, 0);
		io.sonde.emulator.state.TableLookup watchlist = source.state.table("SondeIngress.int_source.int_watchlist");
		long[] key = watchlist.newKey();
		key[watchlist.keyOffset(2)] = 17;
		key[watchlist.keyOffset(4)] = 6000;
		assertThat(watchlist.lookup(key).packets()).isEqualTo(1);
	}

	@Test
	void aModifiedEntryTakesEffectOnTheNextPacket() {
		StateSwitch source = source();
		source.forward(FrameBuffer.copyOf(TestFrames.udp().build()), 1, 0, 0, 0);
		assertThat(source.result.egressPort()).isEqualTo(2);
		source.modify(this.entries.table("SondeIngress.forwarding.ipv4_lpm")
			.lpm("dst_addr", DESTINATION & 0xFFFF_FFFFL, 24)
			.action("SondeIngress.forwarding.drop")
			.build());
		source.forward(FrameBuffer.copyOf(TestFrames.udp().build()), 2, 0, 0, 0);
		assertThat(source.result.drop()).isTrue();
	}

	@Test
	void theEventFilterAndItsCnfLiteralsComeFromTheState() {
		StateSwitch sink = sink();
		int expression = 2;
		int slot = SondePipeline.cnfLiteralIndex(expression, 0, 0);
		sink.write(this.registerEntries.write("SondeIngress.int_sink.event_filter.event_cnf_metric", slot,
				EventMetric.HOP_LATENCY.code()));
		sink.write(this.registerEntries.write("SondeIngress.int_sink.event_filter.event_cnf_operator", slot,
				CnfOperator.GREATER.code()));
		sink.write(this.registerEntries.write("SondeIngress.int_sink.event_filter.event_cnf_threshold", slot, 100));
		sink.write(this.entries.table("SondeIngress.int_sink.event_filter.event_filter_flows")
			.ternary("ip_proto", 17, 0xFF)
			.priority(1)
			.action("SondeIngress.int_sink.event_filter.complex_detection")
			.param("expression_index", expression)
			.build());
		List<Boolean> reported = new ArrayList<>();
		long[] latencies = { 50, 150, 90, 101 };
		for (int i = 0; i < latencies.length; i++) {
			byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
					IntTestFrames.intPacket(0x2000, 4, 0, IntTestFrames.latencyHops(0x2000, latencies[i])));
			long before = sink.reports.accepted();
			sink.forward(FrameBuffer.copyOf(frame), i, 0, 0, 0);
			reported.add(sink.reports.accepted() > before);
		}
		assertThat(reported).containsExactly(false, true, false, true);
	}

	@Test
	void fastDetectionParametersArriveInTheirOrder() {
		StateSwitch sink = sink();
		sink.write(this.entries.table("SondeIngress.int_sink.event_filter.event_filter_flows")
			.ternary("ip_proto", 17, 0xFF)
			.priority(1)
			.action("SondeIngress.int_sink.event_filter.fast_detection")
			.param("filter_index", 9)
			.param("algorithm", SondePipeline.EventAlgorithm.FLOW_SUM_CHANGE.code())
			.param("metric", EventMetric.HOP_LATENCY.code())
			.param("threshold", 10)
			.param("ema_weight", 0)
			.build());
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				IntTestFrames.intPacket(0x2000, 4, 0, IntTestFrames.latencyHops(0x2000, 40, 2)));
		sink.forward(FrameBuffer.copyOf(frame), 1, 0, 0, 0);
		assertThat(sink.state.register("SondeIngress.int_sink.event_filter.event_last_flow_sum").read(9)).isEqualTo(42);
	}

	@Test
	void aCloneSessionIsBoundOnce() {
		StateSwitch sink = sink();
		assertThat(sink.writeCloneSession(SondePipeline.INT_REPORT_CLONE_SESSION_ID, 8).getCode())
			.isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(sink.tables.cloneSessionPort(SondePipeline.INT_REPORT_CLONE_SESSION_ID)).isEqualTo(7);
		assertThat(sink.tables.cloneSessionPort(1)).isEqualTo(-1);
	}

}
