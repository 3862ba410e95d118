package io.sonde.e2e.repro.gpint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The panels of the paper's Figures 8-15 (§V-B), each a table against the network size:
 * which scenario, which methods, which metric. The scenarios to run and the methods each
 * needs follow from them ({@link #plan}), so nothing is run that no figure shows.
 * <p>
 * Figures 12 and 15 draw link drop probabilities of 5%, 10% and 20%
 * ({@link #LINK_LOSSES}) under high load, GPINT-3 (and GPINT-3-FT with recovery) against
 * polling, as the paper does.
 */
final class Figures {

	static final List<Double> LINK_LOSSES = List.of(0.05, 0.10, 0.20);

	private static final List<Method> GPINT_AND_EULER = List.of(Method.GPINT_2, Method.GPINT_3, Method.GPINT_5,
			Method.EULER);

	private static final List<Method> ALL_BUT_FINE_TUNED = List.of(Method.GPINT_2, Method.GPINT_3, Method.GPINT_5,
			Method.EULER, Method.POLLING);

	private static final List<Method> ALL = List.of(Method.GPINT_2, Method.GPINT_3, Method.GPINT_5, Method.GPINT_3_FT,
			Method.EULER, Method.POLLING);

	/**
	 * One line of a panel.
	 *
	 * @param method null for the background's own metrics
	 */
	record Series(String label, Scenario scenario, Method method) {

	}

	/** One panel: a chart {@code <id>.svg} and a table {@code <id>.csv}. */
	record Panel(String id, String title, Metric metric, List<Series> series) {

		Panel {
			series = List.copyOf(series);
		}

	}

	private Figures() {
	}

	static List<Panel> panels() {
		Scenario lowOff = new Scenario(Load.LOW, 0, false);
		Scenario highOff = new Scenario(Load.HIGH, 0, false);
		Scenario lowOn = new Scenario(Load.LOW, 0, true);
		Scenario highOn = new Scenario(Load.HIGH, 0, true);
		List<Panel> panels = new ArrayList<>();
		panels.add(new Panel("fig08a_background_loss", "Fig. 8(a) background traffic lost, recovery off",
				Metric.BACKGROUND_LOSS, List.of(background(lowOff), background(highOff))));
		panels.add(new Panel("fig08b_background_loss_recovery", "Fig. 8(b) background traffic lost, recovery on",
				Metric.BACKGROUND_LOSS, List.of(background(lowOn), background(highOn))));
		panels.add(new Panel("fig08_utilization", "Busiest switch's processor utilization (calibration)",
				Metric.UTILIZATION_MAX, List.of(background(lowOff), background(highOff))));
		panels.add(new Panel("fig09a_failed_probes_low", "Fig. 9(a) failed probes, low load, recovery off",
				Metric.FAILED_PROBES, methods(lowOff, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig09b_failed_probes_high", "Fig. 9(b) failed probes, high load, recovery off",
				Metric.FAILED_PROBES, methods(highOff, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig10a_latency_low", "Fig. 10(a) collection latency, low load, recovery off",
				Metric.LATENCY, methods(lowOff, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig10b_failed_sessions_low", "Fig. 10(b) failed sessions, low load, recovery off",
				Metric.FAILED_SESSIONS, methods(lowOff, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig11a_latency_high", "Fig. 11(a) collection latency, high load, recovery off",
				Metric.LATENCY, methods(highOff, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig11b_failed_sessions_high", "Fig. 11(b) failed sessions, high load, recovery off",
				Metric.FAILED_SESSIONS, methods(highOff, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig12a_background_loss_degraded",
				"Fig. 12(a) background lost, high load, degraded links, recovery off", Metric.BACKGROUND_LOSS,
				degraded(false, List.of())));
		panels.add(new Panel("fig12b_failed_sessions_degraded",
				"Fig. 12(b) failed sessions, high load, degraded links, recovery off", Metric.FAILED_SESSIONS,
				degraded(false, List.of(Method.GPINT_3, Method.POLLING))));
		panels.add(new Panel("fig12c_failed_probes_degraded",
				"Fig. 12(c) failed probes, high load, degraded links, recovery off", Metric.FAILED_PROBES,
				degraded(false, List.of(Method.GPINT_3, Method.POLLING))));
		panels.add(new Panel("fig13a_latency_low_recovery", "Fig. 13(a) collection latency, low load, recovery on",
				Metric.LATENCY, methods(lowOn, ALL_BUT_FINE_TUNED)));
		panels.add(new Panel("fig13b_recovery_probes_low", "Fig. 13(b) recovery probes, low load, recovery on",
				Metric.RECOVERY_PROBES, methods(lowOn, GPINT_AND_EULER)));
		panels.add(new Panel("fig14a_latency_high_recovery", "Fig. 14(a) collection latency, high load, recovery on",
				Metric.LATENCY, methods(highOn, ALL)));
		panels.add(new Panel("fig14b_recovery_probes_high", "Fig. 14(b) recovery probes, high load, recovery on",
				Metric.RECOVERY_PROBES, methods(highOn,
						List.of(Method.GPINT_2, Method.GPINT_3, Method.GPINT_5, Method.GPINT_3_FT, Method.EULER))));
		panels.add(new Panel("fig14c_sessions_completed_high",
				"Sessions completed, high load, recovery on (text of §V-B3)", Metric.SESSIONS_COMPLETED,
				methods(highOn, ALL)));
		List<Method> degradedMethods = List.of(Method.GPINT_3, Method.GPINT_3_FT, Method.POLLING);
		panels.add(new Panel("fig15a_latency_degraded_recovery",
				"Fig. 15(a) collection latency, high load, degraded links, recovery on", Metric.LATENCY,
				degraded(true, degradedMethods)));
		panels.add(new Panel("fig15b_recovery_probes_degraded",
				"Fig. 15(b) recovery probes, high load, degraded links, recovery on", Metric.RECOVERY_PROBES,
				degraded(true, List.of(Method.GPINT_3, Method.GPINT_3_FT))));
		panels.add(new Panel("fig15c_sessions_completed_degraded",
				"Sessions completed, high load, degraded links, recovery on", Metric.SESSIONS_COMPLETED,
				degraded(true, degradedMethods)));
		panels.add(new Panel("fig15d_probes_sent_degraded",
				"Probes sent per session, high load, degraded links, recovery on", Metric.PROBES_SENT,
				degraded(true, List.of(Method.GPINT_3, Method.GPINT_3_FT))));
		return List.copyOf(panels);
	}

	/**
	 * Every scenario the panels show and the methods run in it, in the order to run them:
	 * low load first. A switch's full buffer drains at low load only at its spare 10% of
	 * capacity (5 s for 1000 packets), far longer than the warm-up, so a low-load
	 * scenario after a high-load one would start congested.
	 */
	static Map<Scenario, Set<Method>> plan(List<Panel> panels) {
		Map<Scenario, Set<Method>> plan = new LinkedHashMap<>();
		for (Panel panel : panels) {
			for (Series series : panel.series()) {
				Set<Method> methods = plan.computeIfAbsent(series.scenario(), (scenario) -> new LinkedHashSet<>());
				if (series.method() != null) {
					methods.add(series.method());
				}
			}
		}
		List<Map.Entry<Scenario, Set<Method>>> entries = new ArrayList<>(plan.entrySet());
		entries.sort(Comparator.comparing((Map.Entry<Scenario, Set<Method>> entry) -> entry.getKey().load()));
		Map<Scenario, Set<Method>> lowFirst = new LinkedHashMap<>();
		entries.forEach((entry) -> lowFirst.put(entry.getKey(), entry.getValue()));
		return lowFirst;
	}

	private static Series background(Scenario scenario) {
		return new Series(scenario.load().label() + " load", scenario, null);
	}

	private static List<Series> methods(Scenario scenario, List<Method> methods) {
		return methods.stream().map((method) -> new Series(method.title(), scenario, method)).toList();
	}

	private static List<Series> degraded(boolean recovery, List<Method> methods) {
		List<Series> series = new ArrayList<>();
		for (double loss : LINK_LOSSES) {
			Scenario scenario = new Scenario(Load.HIGH, loss, recovery);
			String pdp = Math.round(loss * 100) + "%";
			if (methods.isEmpty()) {
				series.add(new Series("PDP " + pdp, scenario, null));
			}
			for (Method method : methods) {
				series.add(new Series(method.title() + " PDP " + pdp, scenario, method));
			}
		}
		return series;
	}

}
