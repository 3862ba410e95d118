package io.sonde.p4programs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPInputStream;

/**
 * sonde.p4 as a BMv2 target runs it: the JSON p4c's BMv2 back end makes of the source,
 * committed gzipped beside the P4Info it was generated with. A pipeline push carries it
 * as {@code p4_device_config}; its SHA-256 names the program a switch runs.
 */
public final class SondeDeviceConfig {

	/** Classpath location of the gzipped BMv2 JSON. */
	public static final String RESOURCE = "bmv2/sonde.json.gz";

	private static volatile SondeDeviceConfig loaded;

	private final byte[] json;

	private final String sha256;

	private SondeDeviceConfig(byte[] json) {
		this.json = json;
		this.sha256 = sha256(json);
	}

	/** The committed BMv2 JSON, read once. */
	public static SondeDeviceConfig bmv2() {
		SondeDeviceConfig config = loaded;
		if (config == null) {
			config = new SondeDeviceConfig(read());
			loaded = config;
		}
		return config;
	}

	/** The JSON bytes, a copy. */
	public byte[] json() {
		return this.json.clone();
	}

	/** SHA-256 of the JSON bytes, lower-case hex. */
	public String sha256() {
		return this.sha256;
	}

	/** SHA-256 of any device config, lower-case hex: what a switch compares. */
	public static String sha256(byte[] deviceConfig) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(deviceConfig));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JVM has SHA-256", ex);
		}
	}

	private static byte[] read() {
		try (InputStream in = SondeDeviceConfig.class.getClassLoader().getResourceAsStream(RESOURCE)) {
			if (in == null) {
				throw new IllegalStateException("no " + RESOURCE + " on the classpath");
			}
			try (GZIPInputStream json = new GZIPInputStream(in)) {
				return json.readAllBytes();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + RESOURCE, ex);
		}
	}

}
