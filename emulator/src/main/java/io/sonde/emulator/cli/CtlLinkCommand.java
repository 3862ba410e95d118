package io.sonde.emulator.cli;

import java.time.Duration;
import java.util.concurrent.Callable;

import io.sonde.emulator.run.LinkChange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code emulator ctl link}: cut, mend, degrade and clear one link of the running
 * emulator. A link is named by one of its ends, {@code node:port}, or by its two nodes,
 * {@code a/b} ({@code ctl status} lists them).
 */
@Command(name = "link", mixinStandardHelpOptions = true,
		description = "Cut, mend or degrade a link, named node:port (either end) or nodeA/nodeB.",
		subcommands = { CtlLinkCommand.Down.class, CtlLinkCommand.Up.class, CtlLinkCommand.Set.class,
				CtlLinkCommand.Clear.class })
final class CtlLinkCommand implements Runnable {

	private static final String LINK = "node:port of either end, or nodeA/nodeB";

	@Spec
	CommandSpec spec;

	@ParentCommand
	CtlCommand ctl;

	@Override
	public void run() {
		throw new ParameterException(this.spec.commandLine(), "say what: down, up, set or clear (ctl link --help)");
	}

	@Command(name = "down", mixinStandardHelpOptions = true,
			description = "Cut the link: both directions drop every frame until 'link up'.")
	static final class Down implements Callable<Integer> {

		@ParentCommand
		CtlLinkCommand link;

		@Parameters(paramLabel = "LINK", description = LINK)
		String name;

		@Override
		public Integer call() {
			return this.link.ctl.call((client) -> client.linkDown(this.name), CtlOutput::linkLine);
		}

	}

	@Command(name = "up", mixinStandardHelpOptions = true, description = "Mend a cut link.")
	static final class Up implements Callable<Integer> {

		@ParentCommand
		CtlLinkCommand link;

		@Parameters(paramLabel = "LINK", description = LINK)
		String name;

		@Override
		public Integer call() {
			return this.link.ctl.call((client) -> client.linkUp(this.name), CtlOutput::linkLine);
		}

	}

	@Command(name = "set", mixinStandardHelpOptions = true, sortOptions = false,
			description = "Change the link's loss, delay, jitter or bandwidth (both directions, from the next frame).")
	static final class Set implements Callable<Integer> {

		@Spec
		CommandSpec spec;

		@ParentCommand
		CtlLinkCommand link;

		@Parameters(paramLabel = "LINK", description = LINK)
		String name;

		@Option(names = "--loss", converter = LinkValueConverters.LossConverter.class, paramLabel = "P|N%",
				description = "probability a frame is lost: 0.01 or 1%%; 100%% loses everything")
		Double loss;

		@Option(names = "--delay", converter = LinkValueConverters.DelayConverter.class, paramLabel = "TIME",
				description = "propagation delay: 0, 250us, 10ms")
		Duration delay;

		@Option(names = "--jitter", converter = LinkValueConverters.DelayConverter.class, paramLabel = "TIME",
				description = "each frame's delay within delay ± jitter (never reordered)")
		Duration jitter;

		@Option(names = "--bandwidth", converter = LinkValueConverters.BandwidthConverter.class, paramLabel = "RATE",
				description = "line rate in bit/s: 100M, 1Gbit/s, 500k")
		Long bandwidth;

		@Override
		public Integer call() {
			LinkChange change = CtlCommand.change(this.loss, this.delay, this.jitter, this.bandwidth, this.spec);
			return this.link.ctl.call((client) -> client.changeLink(this.name, change), CtlOutput::linkLine);
		}

	}

	@Command(name = "clear", mixinStandardHelpOptions = true,
			description = "Give the link back the topology's loss, delay, jitter and bandwidth.")
	static final class Clear implements Callable<Integer> {

		@ParentCommand
		CtlLinkCommand link;

		@Parameters(paramLabel = "LINK", description = LINK)
		String name;

		@Override
		public Integer call() {
			return this.link.ctl.call((client) -> client.clearLink(this.name), CtlOutput::linkLine);
		}

	}

}
