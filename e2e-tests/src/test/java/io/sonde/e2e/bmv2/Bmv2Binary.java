package io.sonde.e2e.bmv2;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.sonde.testsupport.RootRequired;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * BMv2's {@code simple_switch_grpc}, found the way the Makefile finds its tools: the
 * {@code BMV2} environment variable naming the binary, else the first one on
 * {@code PATH}. Where neither exists the suites are skipped with a JUnit assumption that
 * says so; a binary that exists but cannot start fails them.
 * <p>
 * A copy of the binary's folder made without symbolic links (as ../shared/tools is laid
 * out on some machines) leaves each {@code lib*.so.0} as a small text file naming the
 * library it linked to; the dynamic loader then stops with "file too short". The
 * libraries are then offered again through {@code LD_LIBRARY_PATH}, from a folder under
 * target/ holding the links the copy lost, one folder per test JVM so that forks running
 * side by side never remake each other's links.
 */
final class Bmv2Binary {

	/** Where the JVM's tests keep what they make: e2e-tests/target. */
	static final Path TARGET = Path.of("target").toAbsolutePath();

	private final Path binary;

	private final Path libraries;

	private Bmv2Binary(Path binary, Path libraries) {
		this.binary = binary;
		this.libraries = libraries;
	}

	/**
	 * The binary, or a skipped test naming what is missing.
	 */
	static Bmv2Binary require() {
		Optional<Path> found = locate(System.getenv("BMV2"), System.getenv("PATH"));
		assumeTrue(found.isPresent(), "BMv2 suites skipped: no simple_switch_grpc (set BMV2 to the binary, e.g. "
				+ "../shared/tools/bmv2/bin/simple_switch_grpc, or put it on PATH)");
		RootRequired.check("The BMv2 suites", "network namespaces and veth pairs");
		Path binary = found.get();
		return new Bmv2Binary(binary, relinkedLibraries(binary));
	}

	static Optional<Path> locate(String bmv2, String path) {
		if (bmv2 != null && !bmv2.isBlank()) {
			Path named = Path.of(bmv2).toAbsolutePath().normalize();
			return Files.isExecutable(named) ? Optional.of(named) : Optional.empty();
		}
		if (path == null) {
			return Optional.empty();
		}
		return Stream.of(path.split(File.pathSeparator))
			.filter((folder) -> !folder.isEmpty())
			.map((folder) -> Path.of(folder, "simple_switch_grpc"))
			.filter(Files::isExecutable)
			.findFirst();
	}

	Path binary() {
		return this.binary;
	}

	/**
	 * The environment a switch process needs: {@code LD_LIBRARY_PATH} when the libraries
	 * beside the binary had to be linked again.
	 */
	List<String> environment() {
		List<String> variables = new ArrayList<>();
		if (this.libraries != null) {
			variables.add("LD_LIBRARY_PATH=" + this.libraries);
		}
		return variables;
	}

	private static Path relinkedLibraries(Path binary) {
		Path lib = binary.getParent().resolveSibling("lib");
		if (!Files.isDirectory(lib)) {
			return null;
		}
		try (Stream<Path> files = Files.list(lib)) {
			List<Path> flattened = files.filter(Bmv2Binary::isFlattenedLink).toList();
			if (flattened.isEmpty()) {
				return null;
			}
			Path relinked = TARGET.resolve("bmv2-lib").resolve(Long.toString(ProcessHandle.current().pid()));
			Files.createDirectories(relinked);
			for (Path stub : flattened) {
				Path real = lib.resolve(Files.readString(stub, StandardCharsets.US_ASCII).strip());
				Path link = relinked.resolve(stub.getFileName());
				Files.deleteIfExists(link);
				Files.createSymbolicLink(link, real.toAbsolutePath());
			}
			return relinked;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot link BMv2's libraries again under " + TARGET, ex);
		}
	}

	// A flattened link: a small regular file whose whole text names a sibling library.
	private static boolean isFlattenedLink(Path file) {
		try {
			if (Files.isSymbolicLink(file) || !Files.isRegularFile(file) || Files.size(file) > 255) {
				return false;
			}
			String target = Files.readString(file, StandardCharsets.US_ASCII).strip();
			return target.startsWith("lib") && !target.contains("/")
					&& Files.isRegularFile(file.resolveSibling(target));
		}
		catch (IOException ex) {
			return false;
		}
	}

}
