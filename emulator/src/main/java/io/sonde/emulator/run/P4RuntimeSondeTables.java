package io.sonde.emulator.run;

import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.NextHop;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.pipeline.SondeTables;
import io.sonde.emulator.pipeline.SwitchStateTables;
import io.sonde.emulator.state.CloneSession;
import io.sonde.emulator.state.SwitchState;

/**
 * sonde.p4's tables exactly as a switch's P4Runtime server holds them: the table lookups
 * of {@link SwitchStateTables}, and the clone sessions a controller wrote as
 * {@code CloneSessionEntry} (P4Runtime §9.5.2), read from the same {@link SwitchState},
 * so the report mirror follows what the controller configured.
 */
final class P4RuntimeSondeTables implements SondeTables {

	private final SwitchStateTables tables;

	private final SwitchState state;

	P4RuntimeSondeTables(SwitchState state) {
		this.tables = new SwitchStateTables(state);
		this.state = state;
	}

	@Override
	public NextHop ipv4Lpm(int dstAddr, int packetBytes) {
		return this.tables.ipv4Lpm(dstAddr, packetBytes);
	}

	@Override
	public NextHop ipv6Lpm(long dstAddrHigh, long dstAddrLow, int packetBytes) {
		return this.tables.ipv6Lpm(dstAddrHigh, dstAddrLow, packetBytes);
	}

	@Override
	public IntInsertion intWatchlist(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes) {
		return this.tables.intWatchlist(ipv4Src, ipv4Dst, ipProto, l4SrcPort, l4DstPort, packetBytes);
	}

	@Override
	public boolean intSinkPorts(int egressPort, int packetBytes) {
		return this.tables.intSinkPorts(egressPort, packetBytes);
	}

	@Override
	public EventFilterAction eventFilterFlows(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort,
			int packetBytes) {
		return this.tables.eventFilterFlows(ipv4Src, ipv4Dst, ipProto, l4SrcPort, l4DstPort, packetBytes);
	}

	@Override
	public ReportCollector intReportCollectors(int egressPort, int packetBytes) {
		return this.tables.intReportCollectors(egressPort, packetBytes);
	}

	/** The session's first replica, as the sink's single report copy leaves by it. */
	@Override
	public int cloneSessionPort(int sessionId) {
		CloneSession session = this.state.cloneSession(sessionId);
		return (session == null) ? -1 : session.firstEgressPort();
	}

}
