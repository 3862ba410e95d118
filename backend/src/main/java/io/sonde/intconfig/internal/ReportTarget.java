package io.sonde.intconfig.internal;

import java.util.List;
import java.util.function.Supplier;

import io.sonde.intconfig.IntConfigDocument.ReportSession;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.core.FieldsRejected.FieldProblem;

/**
 * The report session checked: where the sinks' reports go, as sonde.p4's collector entry
 * takes it. Checked whole in every configuration, sinks or not, so a bad session is never
 * stored to surface later when a sink is added.
 *
 * @param collectorIp IPv4, host order
 * @param collectorPort UDP port
 * @param collectorMac 48 bits
 * @param reportPort the 9-bit port clone session 500 mirrors to
 * @param hwId 6 bits
 */
record ReportTarget(int collectorIp, int collectorPort, long collectorMac, int reportPort, int hwId) {

	static final int DEFAULT_COLLECTOR_PORT = 32766;

	static final long DEFAULT_COLLECTOR_MAC = 0x0200_00C0_11ECL;

	static final int DEFAULT_REPORT_PORT = 500;

	/** Telemetry Report versions Sonde knows; sonde.p4 builds the first only. */
	static final List<String> FORMATS = List.of("v2.0", "v1.0", "v0.5");

	/**
	 * Checks every field; each problem is added to {@code problems}.
	 * @return the target, or null when the session has a problem
	 */
	static ReportTarget check(ReportSession report, List<FieldProblem> problems) {
		if (report == null) {
			problems.add(new FieldProblem("report",
					"is required: where the sinks send telemetry reports, e.g. {\"collectorIp\": \"10.0.0.250\"}"));
			return null;
		}
		int before = problems.size();
		Integer collectorIp = checked(problems, () -> {
			if (report.collectorIp() == null || report.collectorIp().isBlank()) {
				throw new IntConfigRejected("report.collectorIp", "is required: the collector's IPv4 address");
			}
			return Addresses.unicastIpv4("report.collectorIp", report.collectorIp());
		});
		int collectorPort = orDefault(report.collectorPort(), DEFAULT_COLLECTOR_PORT);
		if (collectorPort < 1 || collectorPort > 65535) {
			problems.add(new FieldProblem("report.collectorPort", "must be a UDP port, 1-65535, was " + collectorPort));
		}
		Long collectorMac = (report.collectorMac() != null)
				? checked(problems, () -> Addresses.unicastMac("report.collectorMac", report.collectorMac()))
				: Long.valueOf(DEFAULT_COLLECTOR_MAC);
		int reportPort = orDefault(report.reportPort(), DEFAULT_REPORT_PORT);
		if (reportPort < 0 || reportPort > 511) {
			problems.add(new FieldProblem("report.reportPort", "must be a 9-bit port, 0-511, was " + reportPort));
		}
		int hwId = orDefault(report.hwId(), 0);
		if (hwId < 0 || hwId > 63) {
			problems.add(new FieldProblem("report.hwId", "must be in 0-63 (6 bits), was " + hwId));
		}
		String format = (report.format() != null) ? report.format() : FORMATS.get(0);
		if (!FORMATS.contains(format)) {
			problems.add(new FieldProblem("report.format",
					"'" + format + "' is not a Telemetry Report format; formats are " + String.join(", ", FORMATS)));
		}
		else if (!format.equals(FORMATS.get(0))) {
			problems.add(new FieldProblem("report.format",
					"sonde.p4 builds Telemetry Report v2.0 only, was '" + format + "'"));
		}
		if (problems.size() > before) {
			return null;
		}
		return new ReportTarget(collectorIp, collectorPort, collectorMac, reportPort, hwId);
	}

	private static int orDefault(Integer value, int otherwise) {
		return (value != null) ? value : otherwise;
	}

	private static <T> T checked(List<FieldProblem> problems, Supplier<T> check) {
		try {
			return check.get();
		}
		catch (IntConfigRejected rejected) {
			problems.addAll(rejected.problems());
			return null;
		}
	}

}
