package io.sonde.switches.internal.connection;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import p4.config.v1.P4Info;

/**
 * What a pipeline push sends: sonde.p4's P4Info, the target's device config, and a cookie
 * derived from both, so that GetForwardingPipelineConfig(COOKIE_ONLY) tells whether a
 * switch already runs exactly this pipeline (P4Runtime §14.1).
 *
 * @param p4Info the P4Info
 * @param deviceConfig the target-specific binary: p4c's BMv2 JSON of sonde.p4, which BMv2
 * runs and the emulator checks by its SHA-256
 * @param cookie first 8 bytes of SHA-256 over P4Info and device config
 */
public record PipelineArtifact(P4Info p4Info, byte[] deviceConfig, long cookie) {

	public static PipelineArtifact sondeP4() {
		P4Info p4Info = SondePipeline.p4Info().p4Info();
		byte[] json = SondeDeviceConfig.bmv2().json();
		return new PipelineArtifact(p4Info, json, cookieOf(p4Info, json));
	}

	static long cookieOf(P4Info p4Info, byte[] deviceConfig) {
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
