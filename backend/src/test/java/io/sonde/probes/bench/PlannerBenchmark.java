package io.sonde.probes.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Supplier;

import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.probes.plan.GraphProbePlanner;
import io.sonde.topology.TopologyGenerators;
import io.sonde.topology.TopologyGraph;

/**
 * {@code make bench-gpint}: how long GPINT-3 takes to plan a 1,000-switch Watts-Strogatz
 * graph (neighbours 4, beta 0.2, the beta of the repro experiments), median of RUNS (9)
 * after 3 warm-up plans, with the Euler plan of the same graph timed alike as the
 * baseline; and GPINT-3's longest path over Euler's. Not a test: timings on a shared CPU.
 */
public final class PlannerBenchmark {

	static final int SWITCHES = 1000;

	static final int NEIGHBOURS = 4;

	static final double BETA = 0.2;

	static final long GRAPH_SEED = 1;

	static final double C = 3;

	private PlannerBenchmark() {
	}

	public static void main(String[] args) throws IOException {
		int runs = Integer.parseInt(System.getenv().getOrDefault("RUNS", "9"));
		TopologyGraph graph = TopologyGraph
			.of(TopologyGenerators.wattsStrogatz(SWITCHES, NEIGHBOURS, BETA, GRAPH_SEED, 0));
		GraphProbePlanner planner = new GraphProbePlanner();
		PlanRequest gpint = PlanRequest.gpintC(C, 0);
		PlanRequest euler = PlanRequest.euler(0);

		double gpintMs = medianMillis(runs, () -> planner.plan(graph, gpint));
		double eulerMs = medianMillis(runs, () -> planner.plan(graph, euler));
		ProbePlan gpintPlan = planner.plan(graph, gpint);
		ProbePlan eulerPlan = planner.plan(graph, euler);

		System.out.printf("machine: %s, %d cores visible to the JVM, Java %s%n", cpuModel(),
				Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
		System.out.printf("graph: Watts-Strogatz n=%d neighbours=%d beta=%s seed=%d; %d runs after 3 warm-ups%n",
				SWITCHES, NEIGHBOURS, BETA, GRAPH_SEED, runs);
		System.out.printf("GPINT-3 (k=%d): lengths %d/%.2f/%d, overlaps %d, node coverage %.3f%n", gpintPlan.k(),
				gpintPlan.lengths().min(), gpintPlan.lengths().mean(), gpintPlan.lengths().max(), gpintPlan.overlaps(),
				gpintPlan.coverage().nodes());
		System.out.printf("Euler (k=%d): lengths %d/%.2f/%d, edge coverage %.3f%n", eulerPlan.k(),
				eulerPlan.lengths().min(), eulerPlan.lengths().mean(), eulerPlan.lengths().max(),
				eulerPlan.coverage().edges());
		System.out.printf("baseline: Euler plan of the same graph %.2f ms (median)%n", eulerMs);
		System.out.printf("BENCH gpint_plan_ms_1000 %.2f%n", gpintMs);
		System.out.printf("BENCH gpint_vs_euler_max_path_ratio %.3f%n",
				(double) gpintPlan.lengths().max() / eulerPlan.lengths().max());
	}

	private static double medianMillis(int runs, Supplier<ProbePlan> plan) {
		for (int i = 0; i < 3; i++) {
			plan.get();
		}
		double[] millis = new double[runs];
		for (int i = 0; i < runs; i++) {
			long start = System.nanoTime();
			plan.get();
			millis[i] = (System.nanoTime() - start) / 1e6;
		}
		Arrays.sort(millis);
		return (runs % 2 == 1) ? millis[runs / 2] : (millis[runs / 2 - 1] + millis[runs / 2]) / 2;
	}

	private static String cpuModel() throws IOException {
		Path cpuinfo = Path.of("/proc/cpuinfo");
		if (!Files.isReadable(cpuinfo)) {
			return "unknown CPU";
		}
		return Files.readAllLines(cpuinfo)
			.stream()
			.filter((line) -> line.startsWith("model name"))
			.map((line) -> line.substring(line.indexOf(':') + 1).strip())
			.findFirst()
			.orElse("unknown CPU");
	}

}
