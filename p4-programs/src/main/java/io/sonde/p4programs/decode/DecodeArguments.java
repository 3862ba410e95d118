package io.sonde.p4programs.decode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The command line of sonde-decode: {@code [--report-port N] FILE...}, or {@code --help}.
 *
 * @param reportPort the forced report port, if given
 * @param files the captures to decode, in order
 * @param help whether usage was asked for
 */
record DecodeArguments(OptionalInt reportPort, List<Path> files, boolean help) {

	static final String USAGE = """
			Usage: sonde-decode [--report-port N] FILE...
			Prints one JSON object per frame of each pcap or pcapng FILE (JSON Lines);
			FILE - reads standard input.
			Telemetry reports are recognised by their content on any UDP port; INT-MD is
			decoded at the start of TCP and UDP payloads.
			  --report-port N  also decode every UDP datagram to port N as a report
			  --help           this text
			Exit status: 0 ok, 1 a file could not be read (to its end), 2 bad usage.""";

	/** Parses the arguments; a {@link BadUsage} says what is wrong. */
	static DecodeArguments parse(String... args) throws BadUsage {
		OptionalInt reportPort = OptionalInt.empty();
		List<Path> files = new ArrayList<>();
		boolean optionsEnded = false;
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
				files.add(Path.of(arg));
			}
			else if (arg.equals("--")) {
				optionsEnded = true;
			}
			else if (arg.equals("--help") || arg.equals("-h")) {
				return new DecodeArguments(reportPort, files, true);
			}
			else if (arg.equals("--report-port") || arg.startsWith("--report-port=")) {
				String value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : null;
				if (value == null) {
					if (i + 1 >= args.length) {
						throw new BadUsage("--report-port needs a port number");
					}
					value = args[++i];
				}
				reportPort = OptionalInt.of(port(value));
			}
			else {
				throw new BadUsage("unknown option " + arg);
			}
		}
		if (files.isEmpty()) {
			throw new BadUsage("no capture file given");
		}
		return new DecodeArguments(reportPort, List.copyOf(files), false);
	}

	private static int port(String value) throws BadUsage {
		try {
			int port = Integer.parseInt(value);
			if (port >= 1 && port <= 65535) {
				return port;
			}
		}
		catch (NumberFormatException ex) {
			// reported below, with the value
		}
		throw new BadUsage("--report-port wants a UDP port 1-65535, not '" + value + "'");
	}

	/** The command line cannot be used. */
	static final class BadUsage extends Exception {

		private static final long serialVersionUID = 1L;

		BadUsage(String message) {
			super(message);
		}

	}

}
