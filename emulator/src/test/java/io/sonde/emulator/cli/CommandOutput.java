package io.sonde.emulator.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the command line: its exit code and what it wrote. */
record CommandOutput(int exitCode, String out, String err) {

	static CommandOutput run(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = EmulatorCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
		return new CommandOutput(code, out.toString(), err.toString());
	}

}
