package io.sonde.probes.plan;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.sonde.probes.Algorithm;
import io.sonde.probes.Link;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.PlanRequestRejected;
import io.sonde.probes.ProbePlan;
import io.sonde.topology.TopologyDocuments;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyRejected;

/**
 * {@code ./sonde-probes plan}: a probe plan from a {@code sonde-topology} file, offline
 * and without Spring, printed as one JSON object (the API's plan). Exit 0 with the plan,
 * 2 with a message on standard error for a bad file, bad arguments or an unknown switch.
 */
public final class PlanCommand {

	static final String USAGE = """
			usage: sonde-probes plan --topology FILE --algorithm gpint|euler [--k N | --c C] [--seed S]
			                         [--avoid-switch NAME]... [--avoid-link A,B]...
			  --k N            GPINT: N paths (at least 1; more than the switches gives one per switch)
			  --c C            GPINT-C: k = floor(C * switches / 10), at least 1 (default C = 3)
			  --seed S         ties broken by S: the same seed gives the same plan (default 0)
			  --avoid-switch   plan around this switch (repeatable)
			  --avoid-link     plan around the link between switches A and B (repeatable)
			""";

	private PlanCommand() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	/** Runs the command; returns its exit status. */
	public static int run(String[] args, PrintStream out, PrintStream err) {
		if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
			out.print(USAGE);
			return 0;
		}
		Path file = null;
		try {
			Arguments parsed = Arguments.parse(args);
			PlanRequest request = parsed.request();
			file = parsed.topology;
			String document = Files.readString(file);
			TopologyGraph graph = TopologyGraph.of(TopologyDocuments.readForPlanning(document));
			ProbePlan plan = new GraphProbePlanner().plan(graph, request);
			out.println(new ObjectMapper().writeValueAsString(plan));
			return 0;
		}
		catch (BadArguments | PlanRequestRejected ex) {
			err.println("sonde-probes: " + ex.getMessage());
			err.print(USAGE);
			return 2;
		}
		catch (TopologyRejected ex) {
			err.println("sonde-probes: bad topology file " + file + ": " + ex.getMessage());
			return 2;
		}
		catch (NoSuchFileException ex) {
			err.println("sonde-probes: no topology file " + ex.getFile());
			return 2;
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a plan did not serialize", ex);
		}
		catch (IOException ex) {
			err.println("sonde-probes: cannot read the topology file: " + ex.getMessage());
			return 2;
		}
	}

	private record Arguments(Path topology, Algorithm algorithm, OptionalInt k, OptionalDouble c, long seed,
			Set<String> avoidSwitches, Set<Link> avoidLinks) {

		PlanRequest request() {
			return new PlanRequest(this.algorithm, this.k, this.c, this.seed, this.avoidSwitches, this.avoidLinks);
		}

		static Arguments parse(String[] args) {
			List<String> rest = new ArrayList<>(List.of(args));
			if (rest.isEmpty() || !rest.remove(0).equals("plan")) {
				throw new BadArguments("the only command is 'plan'");
			}
			Path topology = null;
			Algorithm algorithm = null;
			OptionalInt k = OptionalInt.empty();
			OptionalDouble c = OptionalDouble.empty();
			long seed = 0;
			Set<String> avoidSwitches = new LinkedHashSet<>();
			Set<Link> avoidLinks = new LinkedHashSet<>();
			for (int i = 0; i < rest.size(); i += 2) {
				String option = rest.get(i);
				if (i + 1 >= rest.size()) {
					throw new BadArguments(option + " needs a value");
				}
				String value = rest.get(i + 1);
				switch (option) {
					case "--topology" -> topology = Path.of(value);
					case "--algorithm" -> algorithm = Algorithm.named(value);
					case "--k" -> k = OptionalInt.of(number(option, value, Integer::parseInt));
					case "--c" -> c = OptionalDouble.of(number(option, value, Double::parseDouble));
					case "--seed" -> seed = number(option, value, Long::parseLong);
					case "--avoid-switch" -> avoidSwitches.add(value);
					case "--avoid-link" -> avoidLinks.add(link(value));
					default -> throw new BadArguments("unknown option " + option);
				}
			}
			if (topology == null) {
				throw new BadArguments("--topology FILE is required");
			}
			if (algorithm == null) {
				throw new BadArguments("--algorithm gpint|euler is required");
			}
			return new Arguments(topology, algorithm, k, c, seed, avoidSwitches, avoidLinks);
		}

		private static Link link(String value) {
			String[] ends = value.split(",", -1);
			if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank()) {
				throw new BadArguments("--avoid-link takes two switch names, A,B; got '" + value + "'");
			}
			return Link.between(ends[0].strip(), ends[1].strip());
		}

		private static <T> T number(String option, String value, java.util.function.Function<String, T> parse) {
			try {
				return parse.apply(value);
			}
			catch (NumberFormatException ex) {
				throw new BadArguments(option + " takes a number, got '" + value + "'");
			}
		}

	}

	/** A command line the command cannot follow. */
	private static final class BadArguments extends RuntimeException {

		BadArguments(String message) {
			super(message);
		}

	}

}
