package io.sonde.emulator;

import java.io.PrintWriter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.sonde.emulator.cli.EmulatorCommand;

/**
 * Entry point of the network emulator's command line ({@code ./sonde-emulator}); see
 * {@link EmulatorCommand}.
 */
public final class EmulatorMain {

	private EmulatorMain() {
	}

	public static void main(String[] args) {
		quietLogging();
		int exitCode = EmulatorCommand.execute(args, new PrintWriter(System.out, true),
				new PrintWriter(System.err, true));
		System.exit(exitCode);
	}

	/**
	 * Only warnings on the console: each switch logs its start and stop at INFO, which
	 * would bury the status line. {@code -Djava.util.logging.config.file} still rules.
	 */
	private static void quietLogging() {
		if (System.getProperty("java.util.logging.config.file") != null) {
			return;
		}
		Logger root = Logger.getLogger("");
		root.setLevel(Level.WARNING);
		for (Handler handler : root.getHandlers()) {
			handler.setLevel(Level.WARNING);
		}
	}

}
