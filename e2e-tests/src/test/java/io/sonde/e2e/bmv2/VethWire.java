package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.sonde.p4programs.capture.CaptureReader;
import io.sonde.p4programs.capture.CaptureUnreadable;
import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.capture.PcapWriter;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Frames onto and off a veth end of a {@link Bmv2Namespace}, with the tools a network
 * engineer would use: {@code tcpreplay} sends a pcap the test wrote, {@code tcpdump}
 * writes what arrives to a pcap the test reads ({@link Tap}). Both are Debian packages
 * the Makefile installs for {@code make test}; where one is missing the suite is skipped
 * and says which.
 */
final class VethWire {

	private VethWire() {
	}

	/** Skips the test unless tcpdump and tcpreplay can be run. */
	static void requireTools() {
		for (String tool : List.of("tcpdump", "tcpreplay")) {
			assumeTrue(onPath(tool), "BMv2 data-plane tests skipped: " + tool + " is not installed");
		}
	}

	/**
	 * Sends the frames, in order, out of {@code link} at {@code packetsPerSecond}.
	 */
	static void send(Bmv2Namespace namespace, String link, List<byte[]> frames, int packetsPerSecond, Path pcap)
			throws IOException, InterruptedException {
		try (PcapWriter writer = PcapWriter.create(pcap, LinkType.ETHERNET, 65535,
				PcapWriter.Resolution.MICROSECONDS)) {
			Instant at = Instant.EPOCH;
			for (byte[] frame : frames) {
				writer.write(at, frame);
				at = at.plusMillis(1);
			}
		}
		namespace.exec("tcpreplay", "-q", "-i", link, "--pps=" + packetsPerSecond, pcap.toString());
	}

	/** Starts writing what arrives at {@code link} to {@code pcap}. */
	static Tap tap(Bmv2Namespace namespace, String link, Path pcap) throws IOException, InterruptedException {
		Path errors = pcap.resolveSibling(pcap.getFileName() + ".log");
		Process process = new ProcessBuilder(namespace
			.inside(List.of("tcpdump", "-i", link, "-Q", "in", "-n", "-U", "-s", "0", "-w", pcap.toString())))
			.redirectErrorStream(true)
			.redirectOutput(errors.toFile())
			.start();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (!Files.readString(errors, StandardCharsets.UTF_8).contains("listening on")) {
			if (!process.isAlive() || System.nanoTime() > deadline) {
				process.destroyForcibly();
				throw new IllegalStateException(
						"tcpdump on " + link + " did not start: " + Files.readString(errors, StandardCharsets.UTF_8));
			}
			Thread.sleep(20);
		}
		return new Tap(process, pcap);
	}

	private static boolean onPath(String tool) {
		String path = System.getenv("PATH");
		if (path == null) {
			return false;
		}
		for (String folder : path.split(":")) {
			if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, tool))) {
				return true;
			}
		}
		return false;
	}

	/** A running tcpdump. */
	static final class Tap implements AutoCloseable {

		private final Process process;

		private final Path pcap;

		private Tap(Process process, Path pcap) {
			this.process = process;
			this.pcap = pcap;
		}

		/**
		 * Waits until {@code count} frames were written or {@code timeout} passed, then
		 * stops tcpdump and returns every frame it wrote.
		 */
		List<byte[]> awaitFrames(int count, Duration timeout) throws IOException, InterruptedException {
			long deadline = System.nanoTime() + timeout.toNanos();
			while (System.nanoTime() < deadline && frames().size() < count) {
				Thread.sleep(100);
			}
			close();
			return frames();
		}

		/** The frames written so far. */
		List<byte[]> frames() throws IOException {
			List<byte[]> frames = new ArrayList<>();
			if (Files.size(this.pcap) < 24) {
				return frames;
			}
			try (CaptureReader reader = CaptureReader.open(this.pcap)) {
				for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
					frames.add(frame.data());
				}
			}
			catch (CaptureUnreadable ex) {
				// tcpdump is writing the last record: what was read before it counts
			}
			return frames;
		}

		@Override
		public void close() throws InterruptedException {
			if (this.process.isAlive()) {
				this.process.destroy();
				if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
					this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				}
			}
		}

	}

}
