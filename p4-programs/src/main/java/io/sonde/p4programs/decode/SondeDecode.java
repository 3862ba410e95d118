package io.sonde.p4programs.decode;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import io.sonde.p4programs.capture.CaptureReader;
import io.sonde.p4programs.capture.CaptureUnreadable;
import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.codec.DecodeLimits;

/**
 * sonde-decode, "tshark for INT": reads pcap and pcapng captures of telemetry reports or
 * INT-MD data packets and prints one JSON object per frame (JSON Lines). A frame that
 * does not parse prints its error and the command goes on; a file that cannot be read to
 * its end prints the frames before the damage, a message on standard error, and makes the
 * exit status 1.
 */
public final class SondeDecode {

	/** Every file was read to its end. */
	public static final int EXIT_OK = 0;

	/** A file could not be opened or read to its end. */
	public static final int EXIT_UNREADABLE = 1;

	/** The command line is wrong. */
	public static final int EXIT_USAGE = 2;

	private static final String STDIN = "-";

	/** Frames between flushes of the output when reading a file. */
	private static final int FLUSH_EVERY = 256;

	private SondeDecode() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.in, System.out, System.err));
	}

	/**
	 * Runs the command. Frames go to {@code out} as they are decoded (each file's frames
	 * numbered from 1, as in the file), problems to {@code err}.
	 * @param args the command line
	 * @param stdin what file {@code -} reads
	 * @return the exit status
	 */
	public static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
		DecodeArguments arguments;
		try {
			arguments = DecodeArguments.parse(args);
		}
		catch (DecodeArguments.BadUsage ex) {
			err.println("sonde-decode: " + ex.getMessage());
			err.println(DecodeArguments.USAGE);
			return EXIT_USAGE;
		}
		if (arguments.help()) {
			out.println(DecodeArguments.USAGE);
			return EXIT_OK;
		}
		FrameDecoder decoder = new FrameDecoder(arguments.reportPort(), DecodeLimits.DEFAULT);
		// Built on the PrintStream itself so that checkError() sees the
		// stream's write errors.
		PrintWriter lines = new PrintWriter(out, false, StandardCharsets.UTF_8);
		int status = EXIT_OK;
		for (Path file : arguments.files()) {
			String problem = decodeFile(file, stdin, decoder, lines);
			lines.flush();
			if (problem != null) {
				err.println("sonde-decode: " + file + ": " + problem);
				status = EXIT_UNREADABLE;
			}
		}
		return status;
	}

	/** Prints the file's frames; returns why it could not be read to its end, or null. */
	private static String decodeFile(Path file, InputStream stdin, FrameDecoder decoder, PrintWriter lines) {
		try (CaptureReader reader = STDIN.equals(file.toString()) ? CaptureReader.open(stdin)
				: CaptureReader.open(file)) {
			// A capture piped in live (tcpdump -w -) is printed frame by frame, a
			// file in blocks.
			boolean live = STDIN.equals(file.toString());
			for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
				lines.println(JsonLines.line(decoder.decode(frame.number(), frame.linkType(), frame.data())));
				// checkError() flushes; an error means nobody reads any
				// more (... | head): stop.
				if ((live || frame.number() % FLUSH_EVERY == 0) && lines.checkError()) {
					return null;
				}
			}
			return null;
		}
		catch (CaptureUnreadable ex) {
			return ex.getMessage();
		}
		catch (NoSuchFileException ex) {
			return "no such file";
		}
		catch (IOException | UncheckedIOException ex) {
			return "cannot read: " + ex.getMessage();
		}
	}

}
