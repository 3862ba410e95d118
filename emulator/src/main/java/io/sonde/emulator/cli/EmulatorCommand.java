package io.sonde.emulator.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code emulator}: the network emulator's command line. {@code run} starts an emulated
 * network, {@code topology} writes a topology file, {@code ctl} puts faults into a
 * running one. Exit codes: 0 done, 1 the run failed (a port in use, a switch that refused
 * its configuration), 2 bad options (picocli's usage code, with the usage printed).
 */
@Command(name = "emulator", mixinStandardHelpOptions = true,
		subcommands = { RunCommand.class, TopologyCommand.class, CtlCommand.class },
		description = "Sonde's network emulator: P4Runtime switches running sonde.p4, links, traffic, INT reports.")
public final class EmulatorCommand implements Runnable {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	/** Without a subcommand: say which there are. */
	@Override
	public void run() {
		throw new CommandLine.ParameterException(this.spec.commandLine(), "say which: run, topology or ctl");
	}

	/** Runs the command line and returns its exit code, writing to the given streams. */
	public static int execute(String[] args, PrintWriter out, PrintWriter err) {
		CommandLine commandLine = new CommandLine(new EmulatorCommand()).setCaseInsensitiveEnumValuesAllowed(true)
			.setOut(out)
			.setErr(err)
			.setExecutionExceptionHandler((ex, line, parsed) -> {
				line.getErr().println("emulator: " + ex.getMessage());
				return CommandLine.ExitCode.SOFTWARE;
			});
		return commandLine.execute(args);
	}

}
