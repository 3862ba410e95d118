package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.zip.GZIPInputStream;

import io.sonde.p4programs.SondePipeline;
import io.sonde.switches.internal.connection.PipelineArtifact;
import p4.config.v1.P4Info;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * sonde.p4 as BMv2 runs it: the P4Info Sonde pushes and p4c's BMv2 JSON as the
 * {@code p4_device_config}. The one place the suites take the JSON from, first found of:
 * the file {@code -Dsonde.bmv2.json} names; the classpath's {@code bmv2/sonde.json} (or
 * {@code .json.gz}), where p4-programs keeps the compiled program; the compiled copy
 * beside the work trees, /work/wt/p4c-before/sonde.json. Once the backend pushes the JSON
 * itself this becomes {@code PipelineArtifact.sondeP4()}.
 */
final class Bmv2Pipeline {

	private static final String NAMED = System.getProperty("sonde.bmv2.json");

	private static final Path BESIDE = Path.of("/work/wt/p4c-before/sonde.json");

	private static volatile PipelineArtifact artifact;

	private Bmv2Pipeline() {
	}

	/** The pipeline, or a skipped test naming the missing JSON. */
	static PipelineArtifact require() {
		PipelineArtifact loaded = artifact;
		if (loaded == null) {
			byte[] json = json();
			assumeTrue(json != null, "BMv2 suites skipped: no BMv2 JSON of sonde.p4 ("
					+ ((NAMED != null) ? NAMED : "bmv2/sonde.json on the classpath, or " + BESIDE) + ")");
			P4Info p4Info = SondePipeline.p4Info().p4Info();
			loaded = new PipelineArtifact(p4Info, json, cookieOf(p4Info, json));
			artifact = loaded;
		}
		return loaded;
	}

	private static byte[] json() {
		try {
			if (NAMED != null) {
				return Files.isReadable(Path.of(NAMED)) ? Files.readAllBytes(Path.of(NAMED)) : null;
			}
			ClassLoader loader = Bmv2Pipeline.class.getClassLoader();
			try (InputStream plain = loader.getResourceAsStream("bmv2/sonde.json")) {
				if (plain != null) {
					return plain.readAllBytes();
				}
			}
			try (InputStream compressed = loader.getResourceAsStream("bmv2/sonde.json.gz")) {
				if (compressed != null) {
					return new GZIPInputStream(compressed).readAllBytes();
				}
			}
			return Files.isReadable(BESIDE) ? Files.readAllBytes(BESIDE) : null;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read sonde.p4's BMv2 JSON", ex);
		}
	}

	// As the backend derives it: the first 8 bytes of SHA-256 over P4Info and config.
	private static long cookieOf(P4Info p4Info, byte[] deviceConfig) {
		try {
			MessageDigest sha = MessageDigest.getInstance("SHA-256");
			sha.update(p4Info.toByteArray());
			sha.update(deviceConfig);
			return ByteBuffer.wrap(sha.digest()).getLong();
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JVM has SHA-256", ex);
		}
	}

}
