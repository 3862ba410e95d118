package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.sonde.p4programs.SondePipeline;
import io.sonde.switches.internal.connection.PipelineArtifact;
import p4.config.v1.P4Info;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * sonde.p4 as BMv2 runs it: the P4Info Sonde pushes and p4c's BMv2 JSON as the
 * {@code p4_device_config}. The one place the suites take the JSON from: the compiled
 * copy beside the work trees ({@code sonde.bmv2.json}, default
 * /work/wt/p4c-before/sonde.json) until the backend pushes the JSON itself, when this
 * becomes {@code PipelineArtifact.sondeP4()}.
 */
final class Bmv2Pipeline {

	private static final Path JSON = Path.of(System.getProperty("sonde.bmv2.json", "/work/wt/p4c-before/sonde.json"));

	private static volatile PipelineArtifact artifact;

	private Bmv2Pipeline() {
	}

	/** The pipeline, or a skipped test naming the missing JSON. */
	static PipelineArtifact require() {
		assumeTrue(Files.isReadable(JSON), "BMv2 suites skipped: no BMv2 JSON of sonde.p4 at " + JSON);
		PipelineArtifact loaded = artifact;
		if (loaded == null) {
			P4Info p4Info = SondePipeline.p4Info().p4Info();
			try {
				byte[] json = Files.readAllBytes(JSON);
				loaded = new PipelineArtifact(p4Info, json, cookieOf(p4Info, json));
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			artifact = loaded;
		}
		return loaded;
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
