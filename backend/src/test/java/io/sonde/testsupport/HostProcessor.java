package io.sonde.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The processor as /proc/cpuinfo names it, printed with every benchmark and soak figure.
 * Why: hosts of one machine kind differ (the same classes ran much slower on one of two
 * hosts both named "AMD EPYC"), and family, model and cache size tell the hosts apart
 * where the model name does not.
 */
public final class HostProcessor {

	private HostProcessor() {
	}

	public static String describe() {
		Path cpuinfo = Path.of("/proc/cpuinfo");
		if (!Files.isReadable(cpuinfo)) {
			return "unknown";
		}
		Map<String, String> first = new LinkedHashMap<>();
		try {
			for (String line : Files.readAllLines(cpuinfo)) {
				if (line.isBlank()) {
					break;
				}
				int colon = line.indexOf(':');
				if (colon > 0) {
					first.putIfAbsent(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return first.getOrDefault("model name", "?") + ", family " + first.getOrDefault("cpu family", "?") + " model "
				+ first.getOrDefault("model", "?") + ", cache " + first.getOrDefault("cache size", "?") + ", "
				+ Runtime.getRuntime().availableProcessors() + " cpus";
	}

}
