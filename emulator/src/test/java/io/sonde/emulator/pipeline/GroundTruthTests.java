package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.ReportFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GroundTruthTests {

	@Test
	void keepsOnlyTheLastHopsAndReports() {
		GroundTruth truth = GroundTruth.bounded(3, 2);
		for (int i = 0; i < 5; i++) {
			truth.recordHop(i, 1, 2, 3, 10 * i, i, 100, 200, 0x8000);
			truth.recordReport(i, 9, 0, i, ReportFormat.TR2_0, 1, 2, 100, 100, 1);
		}
		GroundTruthSnapshot snapshot = truth.snapshot();
		assertThat(snapshot.hops()).extracting(HopTruth::packetId).containsExactly(2L, 3L, 4L);
		assertThat(snapshot.reports()).extracting(ReportTruth::packetId).containsExactly(3L, 4L);
		assertThat(truth.hopsRecorded()).isEqualTo(5);
		assertThat(truth.reportsRecorded()).isEqualTo(5);
		assertThat(snapshot.wasReported(2)).isFalse();
		assertThat(snapshot.wasReported(4)).isTrue();
	}

	@Test
	void aListenerSeesEveryRecordEvenWhenNothingIsKept() {
		GroundTruth truth = GroundTruth.listenerOnly();
		List<Object> seen = new ArrayList<>();
		truth.setListener(new GroundTruth.Listener() {
			@Override
			public void onHop(HopTruth hop) {
				seen.add(hop);
			}

			@Override
			public void onReport(ReportTruth report) {
				seen.add(report);
			}
		});
		truth.recordHop(7, 1, 2, 3, 40, 5, 100, 140, 0x2000);
		truth.recordReport(7, 9, 1, 12, ReportFormat.TR1_0, 4, 5, 300, 310, 1);
		assertThat(seen).containsExactly(new HopTruth(7, 1, 2, 3, 40, 0, 5, 100, 140, 0xFFFF_FFFFL, 0xFF_FFFFL, 0x2000),
				new ReportTruth(7, 9, 1, 12, ReportFormat.TR1_0, 4, 5, 300, 310, 10, 1));
		assertThat(truth.snapshot().hops()).isEmpty();
	}

	@Test
	void findsAReportByTheIdentityItCarriesOnTheWire() {
		GroundTruth truth = GroundTruth.bounded(0, 10);
		truth.recordReport(1, 9, 2, 0x40_0005, ReportFormat.TR2_0, 1, 2, 0, 0, 0);
		truth.recordReport(2, 8, 2, 5, ReportFormat.TR2_0, 1, 2, 0, 0, 0);
		GroundTruthSnapshot snapshot = truth.snapshot();
		assertThat(snapshot.report(9, 2, 5)).map(ReportTruth::packetId).hasValue(1L);
		assertThat(snapshot.report(8, 2, 5)).map(ReportTruth::packetId).hasValue(2L);
		assertThat(snapshot.report(8, 1, 5)).isEmpty();
	}

	@Test
	void dumpsOneJsonObjectPerLine() {
		GroundTruth truth = GroundTruth.bounded(4, 4);
		truth.recordHop(7, 1, 2, 3, 40, 5, 100, 140, 0x2000);
		truth.recordReport(7, 9, 1, 12, ReportFormat.TR2_0, 4, 5, 300, 310, 1);
		StringBuilder out = new StringBuilder();
		truth.snapshot().writeJsonLines(out);
		assertThat(out.toString().lines()).containsExactly(
				"{\"type\":\"hop\",\"packet_id\":7,\"switch_id\":1,\"ingress_port\":2,\"egress_port\":3,"
						+ "\"hop_latency\":40,\"queue_id\":0,\"queue_occupancy\":5,\"ingress_ts\":100,"
						+ "\"egress_ts\":140,\"instructions\":8192}",
				"{\"type\":\"report\",\"packet_id\":7,\"node_id\":9,\"hw_id\":1,\"sequence\":12,"
						+ "\"format\":\"TR2.0\",\"ingress_port\":4,\"egress_port\":5,\"ingress_ts\":300,"
						+ "\"egress_ts\":310,\"hop_latency\":10,\"stack_hops\":1}");
	}

	@Test
	void refusesNegativeCapacities() {
		assertThatIllegalArgumentException().isThrownBy(() -> GroundTruth.bounded(-1, 0));
	}

}
