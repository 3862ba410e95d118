package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Actions;

/**
 * The action an {@code int_report_collectors} lookup ran: {@code send_report(src_mac,
 * collector_mac, src_ip, collector_ip, collector_port, hw_id)}, or {@code drop_report}
 * (the default: no collector behind the port).
 *
 * @param send whether the action is {@code send_report}
 * @param srcMac this switch's MAC toward the collector (48 bits)
 * @param collectorMac the collector's (or next hop's) MAC (48 bits)
 * @param srcIp this switch's IPv4 address
 * @param collectorIp the collector's IPv4 address
 * @param collectorPort the collector's UDP port (TR-2.0 §3.1: user configured)
 * @param hwId the TR-2.0 hw_id (6 bits), which also picks the sequence number register
 */
public record ReportCollector(boolean send, long srcMac, long collectorMac, int srcIp, int collectorIp,
		int collectorPort, int hwId) {

	/** {@code drop_report()}, the default action. */
	public static final ReportCollector DROP_REPORT = new ReportCollector(false, 0, 0, 0, 0, 0, 0);

	public ReportCollector {
		ActionParams.check(P4Actions.SendReport.ALIAS, P4Actions.SendReport.SRC_MAC, srcMac, 48);
		ActionParams.check(P4Actions.SendReport.ALIAS, P4Actions.SendReport.COLLECTOR_MAC, collectorMac, 48);
		ActionParams.check(P4Actions.SendReport.ALIAS, P4Actions.SendReport.COLLECTOR_PORT, collectorPort, 16);
		ActionParams.check(P4Actions.SendReport.ALIAS, P4Actions.SendReport.HW_ID, hwId, 6);
	}

	/** {@code send_report(...)}. */
	public static ReportCollector sendReport(long srcMac, long collectorMac, int srcIp, int collectorIp,
			int collectorPort, int hwId) {
		return new ReportCollector(true, srcMac, collectorMac, srcIp, collectorIp, collectorPort, hwId);
	}

}
