package io.sonde.p4programs.capture;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The files under {@code src/test/resources/capture/}, made by Wireshark's tools (see the
 * README.md there).
 */
public final class Fixtures {

	private Fixtures() {
	}

	/** Opens a fixture capture. */
	public static CaptureReader open(String name) throws IOException, CaptureUnreadable {
		return CaptureReader.open(stream(name));
	}

	/** Every frame of a fixture capture. */
	public static List<CapturedFrame> frames(String name) throws IOException, CaptureUnreadable {
		try (CaptureReader reader = open(name)) {
			return CaptureFrames.drain(reader);
		}
	}

	/**
	 * The frames of a {@code text2pcap} hex dump: a timestamp line, then lines of a hex
	 * offset and up to 16 bytes.
	 */
	public static List<byte[]> hexDumpFrames(String name) {
		try (InputStream in = stream(name)) {
			List<byte[]> frames = new ArrayList<>();
			StringBuilder hex = null;
			for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
				String[] words = line.trim().split("\\s+");
				if (words[0].equals("0000")) {
					if (hex != null) {
						frames.add(HexFormat.of().parseHex(hex));
					}
					hex = new StringBuilder();
				}
				if (hex != null && words[0].matches("[0-9a-f]{4}")) {
					for (int i = 1; i < words.length; i++) {
						hex.append(words[i]);
					}
				}
			}
			if (hex != null) {
				frames.add(HexFormat.of().parseHex(hex));
			}
			return frames;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static InputStream stream(String name) {
		InputStream in = Fixtures.class.getResourceAsStream("/capture/" + name);
		if (in == null) {
			throw new IllegalArgumentException("no fixture capture/" + name + " on the test classpath");
		}
		return in;
	}

}
