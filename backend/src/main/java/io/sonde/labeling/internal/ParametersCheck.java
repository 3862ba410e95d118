package io.sonde.labeling.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import io.sonde.labeling.LabelingDocument;
import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.LabelingRejected;
import io.sonde.core.FieldsRejected.FieldProblem;
import io.sonde.labeling.ParameterValues;
import io.sonde.labeling.ProbabilityFunction;

/**
 * Checks a whole {@link LabelingDocument} and resolves what each switch labels with:
 * every field of the network-wide values and of each switch's overrides is checked before
 * anything is used, and every problem is named by its path
 * ({@code switches.leaf-1.intervalMs}), so a rejected document says all that is wrong.
 */
final class ParametersCheck {

	static final int MAX_INTERVAL_MS = 10_000;

	static final int MAX_K = 100;

	static final int MIN_MAX_HOP = 2;

	/** MAX_LABEL_ITEMS of sonde.p4: the parser's header stack. */
	static final int MAX_MAX_HOP = 8;

	static final int MIN_TELEMETRY_INTERVAL_MS = 10;

	static final int MAX_TELEMETRY_INTERVAL_MS = 60_000;

	private final Predicate<String> knownSwitch;

	/**
	 * @param knownSwitch whether a switch of that name is registered or in the topology
	 */
	ParametersCheck(Predicate<String> knownSwitch) {
		this.knownSwitch = knownSwitch;
	}

	/**
	 * The network-wide parameters and each overridden switch's.
	 * @throws LabelingRejected naming every problem found
	 */
	Resolved check(LabelingDocument document) {
		if (document == null) {
			throw new LabelingRejected("$", "the body must be a labeling parameters document "
					+ "{\"network\": {...}, \"switches\": {\"<name>\": {...}}}");
		}
		List<FieldProblem> problems = new ArrayList<>();
		LabelingParameters network = resolve("network", document.network(), LabelingParameters.DEFAULTS, problems);
		Map<String, LabelingParameters> switches = new LinkedHashMap<>();
		document.switches().forEach((name, overrides) -> {
			String at = "switches." + name;
			if (name == null || name.isBlank()) {
				problems.add(new FieldProblem("switches", "a switch name must not be blank"));
				return;
			}
			if (!this.knownSwitch.test(name)) {
				problems.add(new FieldProblem(at, "no switch '" + name + "' is registered or in the topology"));
				return;
			}
			if (overrides == null) {
				problems.add(new FieldProblem(at, "must be an object of the values that differ for " + name));
				return;
			}
			switches.put(name, resolve(at, overrides, network, problems));
		});
		if (!problems.isEmpty()) {
			throw new LabelingRejected(problems);
		}
		return new Resolved(network, switches);
	}

	/**
	 * {@code values} over {@code base}, each set field checked; a bad one keeps the
	 * base's value.
	 */
	static LabelingParameters resolve(String at, ParameterValues values, LabelingParameters base,
			List<FieldProblem> problems) {
		LabelingMode mode = named(at + ".mode", values.mode(), LabelingMode.class, base.mode(), problems);
		int interval = within(at + ".intervalMs", values.intervalMs(), 1, MAX_INTERVAL_MS, base.intervalMs(), problems);
		int rest = (values.restMs() != null || base.restMs() > interval) ? within(at + ".restMs",
				(values.restMs() != null) ? values.restMs() : base.restMs(), 0, interval, 0, problems) : base.restMs();
		int k = within(at + ".k", values.k(), 1, MAX_K, base.k(), problems);
		ProbabilityFunction probability = named(at + ".probability", values.probability(), ProbabilityFunction.class,
				base.probability(), problems);
		int maxHop = within(at + ".maxHop", values.maxHop(), MIN_MAX_HOP, MAX_MAX_HOP, base.maxHop(), problems);
		int telemetry = within(at + ".telemetryIntervalMs", values.telemetryIntervalMs(), MIN_TELEMETRY_INTERVAL_MS,
				MAX_TELEMETRY_INTERVAL_MS, base.telemetryIntervalMs(), problems);
		return new LabelingParameters(mode, interval, rest, k, probability, maxHop, telemetry);
	}

	private static int within(String field, Integer value, int min, int max, int otherwise,
			List<FieldProblem> problems) {
		if (value == null) {
			return otherwise;
		}
		if (value < min || value > max) {
			problems.add(new FieldProblem(field, "must be in " + min + ".." + max + ", was " + value));
			return otherwise;
		}
		return value;
	}

	private static <E extends Enum<E>> E named(String field, String value, Class<E> type, E otherwise,
			List<FieldProblem> problems) {
		if (value == null) {
			return otherwise;
		}
		try {
			return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			List<String> names = java.util.Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
			problems.add(new FieldProblem(field, "must be one of " + names + ", was '" + value + "'"));
			return otherwise;
		}
	}

	/**
	 * A checked document.
	 *
	 * @param network the network-wide parameters
	 * @param switches the parameters of each switch with overrides
	 */
	record Resolved(LabelingParameters network, Map<String, LabelingParameters> switches) {

		LabelingParameters of(String switchName) {
			return this.switches.getOrDefault(switchName, this.network);
		}

	}

}
