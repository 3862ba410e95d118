package io.sonde.p4programs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import io.sonde.p4runtime.info.P4InfoIndex;

/**
 * The sonde.p4 pipeline as it travels on the classpath: its P4Info (the source of truth
 * for control-plane names and ids) and its P4 source files.
 */
public final class SondePipeline {

	/** Classpath location of the P4Info, in protobuf text format. */
	public static final String P4INFO_RESOURCE = "p4info/sonde.p4info.txtpb";

	/** Classpath folder of the P4_16 sources. */
	public static final String SOURCE_FOLDER = "p4/";

	private static volatile P4InfoIndex p4Info;

	private SondePipeline() {
	}

	/** The P4Info of sonde.p4, parsed once. */
	public static P4InfoIndex p4Info() {
		P4InfoIndex index = p4Info;
		if (index == null) {
			index = P4InfoIndex.fromClasspath(P4INFO_RESOURCE);
			p4Info = index;
		}
		return index;
	}

	/** One P4 source file of the pipeline, e.g. {@code "sonde.p4"}. */
	public static String source(String fileName) {
		String resource = SOURCE_FOLDER + fileName;
		try (InputStream in = SondePipeline.class.getClassLoader().getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalArgumentException("no P4 source " + resource + " on the classpath");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + resource, ex);
		}
	}

}
