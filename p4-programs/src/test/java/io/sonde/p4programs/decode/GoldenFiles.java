package io.sonde.p4programs.decode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The golden vectors ({@code vectors/NAME.hex|json|args}) and captures ({@code pcap/}) of
 * the test resources, written by {@code vectors/generate.py}.
 */
final class GoldenFiles {

	private GoldenFiles() {
	}

	static Path vectorsDirectory() {
		return resource("vectors");
	}

	/** The GPINT probe vectors ({@code vectors/probes/NAME.hex|json}). */
	static Path probeVectorsDirectory() {
		return vectorsDirectory().resolve("probes");
	}

	/** The INT-label vectors ({@code vectors/label/NAME.hex|json|field}). */
	static Path labelVectorsDirectory() {
		return vectorsDirectory().resolve("label");
	}

	/**
	 * The header a decoder must blame for a malformed vector of a directory
	 * ({@code NAME.field}).
	 * @throws IllegalStateException when the vector has no such file
	 */
	static String field(Path directory, String vector) {
		Path file = directory.resolve(vector + ".field");
		if (!Files.exists(file)) {
			throw new IllegalStateException(vector + " has no .field file");
		}
		return read(file).strip();
	}

	static Path capturesDirectory() {
		return resource("pcap");
	}

	/** Every vector name (file name without {@code .hex}), sorted. */
	static List<String> vectorNames() {
		return vectorNames(vectorsDirectory());
	}

	/** Every vector name of a directory, sorted. */
	static List<String> vectorNames(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			return files.map((file) -> file.getFileName().toString())
				.filter((name) -> name.endsWith(".hex"))
				.map((name) -> name.substring(0, name.length() - ".hex".length()))
				.sorted()
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The frame of a vector: hex digits, whitespace ignored. */
	static byte[] frame(String vector) {
		return frame(vectorsDirectory(), vector);
	}

	/** The frame of a vector in a directory. */
	static byte[] frame(Path directory, String vector) {
		String hex = read(directory.resolve(vector + ".hex")).replaceAll("\\s+", "");
		return HexFormat.of().parseHex(hex);
	}

	/**
	 * The line sonde-decode must print for the vector as frame 1, without its line feed.
	 */
	static String expectedJson(String vector) {
		return expectedJson(vectorsDirectory(), vector);
	}

	/** The expected line of a vector in a directory. */
	static String expectedJson(Path directory, String vector) {
		return read(directory.resolve(vector + ".json")).strip();
	}

	/**
	 * The sonde-decode options of a vector ({@code NAME.args}), none when the file is
	 * absent.
	 */
	static List<String> arguments(String vector) {
		Path file = vectorsDirectory().resolve(vector + ".args");
		if (!Files.exists(file)) {
			return List.of();
		}
		return List.of(read(file).strip().split("\\s+"));
	}

	/**
	 * The expected lines of a capture ({@code NAME.jsonl} beside {@code NAME.pcap[ng]}).
	 */
	static List<String> expectedLines(String capture) {
		String base = capture.substring(0, capture.lastIndexOf('.'));
		List<String> lines = new ArrayList<>();
		read(capturesDirectory().resolve(base + ".jsonl")).lines()
			.filter((line) -> !line.isBlank())
			.forEach(lines::add);
		return lines;
	}

	static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Path resource(String name) {
		URL url = GoldenFiles.class.getClassLoader().getResource(name);
		if (url == null) {
			throw new IllegalStateException("test resource directory " + name + " is missing");
		}
		try {
			return Path.of(url.toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
