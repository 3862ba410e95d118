package io.sonde.emulator.topology;

import java.nio.file.Path;

/**
 * Topologies named the way the command line names them ({@code --topology}):
 * <ul>
 * <li>{@code fattree:K} — {@link FatTree} with radix K;</li>
 * <li>{@code int-label} — the {@link IntLabelFabric};</li>
 * <li>{@code watts-strogatz:N,K,BETA,SEED[,HOSTS]} — {@link WattsStrogatz};</li>
 * <li>{@code file:PATH} or any PATH ending in {@code .json} — a {@link TopologyJson}
 * file.</li>
 * </ul>
 */
public final class TopologySpecs {

	private TopologySpecs() {
	}

	/**
	 * @throws IllegalArgumentException naming the spec and the accepted forms when it is
	 * not one of them
	 * @throws TopologyFileRejected when a file cannot be read
	 */
	public static Topology parse(String spec) {
		if (spec == null || spec.isBlank()) {
			throw unknown(spec);
		}
		String text = spec.trim();
		if (text.startsWith("file:")) {
			return TopologyJson.read(Path.of(text.substring("file:".length())));
		}
		if (text.endsWith(".json")) {
			return TopologyJson.read(Path.of(text));
		}
		if (text.equals("int-label")) {
			return IntLabelFabric.build();
		}
		if (text.startsWith("fattree:")) {
			return FatTree.build(integer(text, text.substring("fattree:".length())));
		}
		if (text.startsWith("watts-strogatz:")) {
			String[] values = text.substring("watts-strogatz:".length()).split(",", -1);
			if (values.length != 4 && values.length != 5) {
				throw new IllegalArgumentException(
						"'" + spec + "': watts-strogatz takes N,K,BETA,SEED or N,K,BETA,SEED,HOSTS");
			}
			int n = integer(text, values[0]);
			int hosts = (values.length == 5) ? integer(text, values[4]) : n;
			return WattsStrogatz.build(n, integer(text, values[1]), decimal(text, values[2]),
					Long.parseLong(values[3].trim()), hosts, WattsStrogatz.DEFAULT_LINK);
		}
		throw unknown(spec);
	}

	private static int integer(String spec, String value) {
		try {
			return Integer.parseInt(value.trim());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("'" + spec + "': '" + value + "' is not an integer");
		}
	}

	private static double decimal(String spec, String value) {
		try {
			return Double.parseDouble(value.trim());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("'" + spec + "': '" + value + "' is not a number");
		}
	}

	private static IllegalArgumentException unknown(String spec) {
		return new IllegalArgumentException("unknown topology '" + spec
				+ "': use fattree:K, int-label, watts-strogatz:N,K,BETA,SEED[,HOSTS], file:PATH or PATH.json");
	}

}
