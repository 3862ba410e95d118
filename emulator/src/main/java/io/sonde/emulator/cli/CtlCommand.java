package io.sonde.emulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Function;

import io.sonde.emulator.control.ControlRequestRefused;
import io.sonde.emulator.control.EmulatorControlClient;
import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.control.EmulatorControlUnreachable;
import io.sonde.emulator.run.LinkChange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code emulator ctl}: faults on command in a running emulator, through its control
 * channel (127.0.0.1:32767 unless {@code --port} or {@code --control-file} says
 * otherwise). Exit codes: 0 done, 1 the emulator refused (unknown switch or link, bad
 * value) or none answers, 2 bad options.
 */
@Command(name = "ctl", mixinStandardHelpOptions = true, sortOptions = false,
		description = "Control a running emulator (sonde-emulator run --clock real): switches and links.",
		subcommands = { CtlCommand.Status.class, CtlCommand.Stop.class, CtlCommand.Start.class,
				CtlCommand.Restart.class, CtlLinkCommand.class })
final class CtlCommand implements Runnable {

	@Spec
	CommandSpec spec;

	@Option(names = "--port", paramLabel = "N", description = "the emulator's control port on 127.0.0.1 (default: "
			+ EmulatorControlServer.DEFAULT_PORT + ")")
	Integer port;

	@Option(names = "--control-file", paramLabel = "FILE",
			description = "read the control address from the file the emulator's --control-file wrote")
	Path controlFile;

	@Override
	public void run() {
		throw new ParameterException(this.spec.commandLine(),
				"say what: status, stop, start, restart or link (ctl --help)");
	}

	/**
	 * Runs {@code call} against the channel; prints what it returns, or why it failed.
	 */
	<T> int call(Function<EmulatorControlClient, T> call, Function<T, String> describe) {
		PrintWriter out = this.spec.commandLine().getOut();
		PrintWriter err = this.spec.commandLine().getErr();
		EmulatorControlClient client = new EmulatorControlClient(address());
		try {
			out.println(describe.apply(call.apply(client)));
			out.flush();
			return 0;
		}
		catch (ControlRequestRefused ex) {
			err.println("ctl: " + ex.getMessage());
		}
		catch (EmulatorControlUnreachable ex) {
			err.println("ctl: " + ex.getMessage() + "; is `sonde-emulator run --clock real` running, with this "
					+ "control port (its output names it)?");
		}
		err.flush();
		return 1;
	}

	private InetSocketAddress address() {
		if (this.controlFile != null && this.port != null) {
			throw new ParameterException(this.spec.commandLine(), "give --port or --control-file, not both");
		}
		if (this.controlFile != null) {
			String text;
			try {
				text = Files.readString(this.controlFile, StandardCharsets.UTF_8).trim();
			}
			catch (IOException ex) {
				throw new ParameterException(this.spec.commandLine(),
						"cannot read --control-file " + this.controlFile + ": " + ex.getMessage());
			}
			try {
				return new Converters.CollectorConverter().convert(text);
			}
			catch (TypeConversionException ex) {
				throw new ParameterException(this.spec.commandLine(),
						"--control-file " + this.controlFile + " holds no HOST:PORT: " + ex.getMessage());
			}
		}
		int chosen = (this.port != null) ? this.port : EmulatorControlServer.DEFAULT_PORT;
		if (chosen < 1 || chosen > 65535) {
			throw new ParameterException(this.spec.commandLine(), "--port must be 1..65535, got " + chosen);
		}
		return EmulatorControlClient.onPort(chosen).address();
	}

	@Command(name = "status", mixinStandardHelpOptions = true,
			description = "List the switches (power, pipeline) and links (up, loss, delay, bandwidth, counters).")
	static final class Status implements Callable<Integer> {

		@ParentCommand
		CtlCommand ctl;

		@Override
		public Integer call() {
			return this.ctl.call(EmulatorControlClient::status, CtlOutput::status);
		}

	}

	@Command(name = "stop", mixinStandardHelpOptions = true,
			description = "Cut a switch's power: its P4Runtime server goes away, its data plane drops everything, "
					+ "its state is lost. It stays down until start.")
	static final class Stop implements Callable<Integer> {

		@ParentCommand
		CtlCommand ctl;

		@Parameters(paramLabel = "SWITCH", description = "the switch's name")
		String name;

		@Override
		public Integer call() {
			return this.ctl.call((client) -> client.stop(this.name), CtlOutput::switchLine);
		}

	}

	@Command(name = "start", mixinStandardHelpOptions = true,
			description = "Power a stopped switch on: it answers on its port again, with no pipeline.")
	static final class Start implements Callable<Integer> {

		@ParentCommand
		CtlCommand ctl;

		@Parameters(paramLabel = "SWITCH", description = "the switch's name")
		String name;

		@Override
		public Integer call() {
			return this.ctl.call((client) -> client.start(this.name), CtlOutput::switchLine);
		}

	}

	@Command(name = "restart", mixinStandardHelpOptions = true,
			description = "Power-cycle a switch: stop, wait --down, start. Returns once it answers again.")
	static final class Restart implements Callable<Integer> {

		@ParentCommand
		CtlCommand ctl;

		@Parameters(paramLabel = "SWITCH", description = "the switch's name")
		String name;

		@Option(names = "--down", defaultValue = "0", converter = LinkValueConverters.DelayConverter.class,
				paramLabel = "TIME", description = "how long it stays down, e.g. 7s (default: at once)")
		Duration down;

		@Override
		public Integer call() {
			return this.ctl.call((client) -> client.restart(this.name, this.down),
					(status) -> CtlOutput.restartLine(status, this.down));
		}

	}

	/** For {@code ctl link set}: the values given, as a change. */
	static LinkChange change(Double loss, Duration delay, Duration jitter, Long bandwidth, CommandSpec spec) {
		try {
			return new LinkChange(loss, delay, jitter, bandwidth);
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(spec.commandLine(), ex.getMessage());
		}
	}

}
