package io.sonde.emulator.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Instant;

import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketTap;
import io.sonde.emulator.net.TapPoint;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.capture.PcapWriter;

/**
 * Frames written to a classic pcap file (Ethernet, microsecond timestamps: the variant
 * tcpdump, Wireshark and tcpreplay all read), stamped with the emulated time they were
 * seen at, counted from the emulation's epoch. Serves as a link tap and as the report
 * stream's capture.
 * <p>
 * Written on the scheduler's thread only. A write that fails (disk full) stops the
 * capture and is logged once; the emulation goes on, since a capture must not end a run.
 */
final class PcapCapture implements PacketTap, AutoCloseable {

	private static final System.Logger LOG = System.getLogger(PcapCapture.class.getName());

	/** Long enough for any frame the emulator builds (jumbo frames included). */
	private static final int SNAPLEN = 65_535;

	private final Path file;

	private final Instant epoch;

	private final PcapWriter writer;

	private long frames;

	private boolean failed;

	private PcapCapture(Path file, Instant epoch, PcapWriter writer) {
		this.file = file;
		this.epoch = epoch;
		this.writer = writer;
	}

	/**
	 * @throws UncheckedIOException naming the file when it cannot be created
	 */
	static PcapCapture create(Path file, Instant epoch) {
		try {
			return new PcapCapture(file, epoch,
					PcapWriter.create(file, LinkType.ETHERNET, SNAPLEN, PcapWriter.Resolution.MICROSECONDS));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create the capture file " + file + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public void capture(TapPoint point, long timestampNanos, Packet packet, byte[] frame, int length) {
		write(timestampNanos, frame, 0, length);
	}

	/** Writes one frame seen at emulated time {@code timestampNanos}. */
	void write(long timestampNanos, byte[] frame, int offset, int length) {
		if (this.failed) {
			return;
		}
		try {
			this.writer.write(this.epoch.plusNanos(timestampNanos), frame, offset, length);
			this.frames++;
		}
		catch (IOException | RuntimeException ex) {
			this.failed = true;
			LOG.log(Level.WARNING, "capture " + this.file + " stopped after " + this.frames + " frames: " + ex);
		}
	}

	Path file() {
		return this.file;
	}

	/** Frames written so far. */
	long frames() {
		return this.frames;
	}

	/** Flushes and closes the file. */
	@Override
	public void close() {
		try {
			this.writer.close();
		}
		catch (IOException ex) {
			LOG.log(Level.WARNING, "closing capture " + this.file + " failed: " + ex);
		}
	}

}
