package io.sonde.e2e.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One process of the soaked system (emulator, collector, backend), started from the
 * repository's launchers with its output appended to a log file, so that it can be killed
 * and started again with the same command.
 */
final class ChildProcess {

	private final String name;

	private final List<String> command;

	private final Path directory;

	private final Path log;

	private Process process;

	ChildProcess(String name, List<String> command, Path directory, Path log) {
		this.name = name;
		this.command = List.copyOf(command);
		this.directory = directory;
		this.log = log;
	}

	String name() {
		return this.name;
	}

	void start() {
		try {
			this.process = new ProcessBuilder(this.command).directory(this.directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + this.name + ": " + this.command, ex);
		}
	}

	boolean isAlive() {
		return this.process != null && this.process.isAlive();
	}

	/** SIGKILL, as a crash: no shutdown hook runs, nothing is flushed. */
	void kill() {
		end(true);
	}

	/** SIGTERM, and waits for the process to end. */
	void stop() {
		end(false);
	}

	private void end(boolean forcibly) {
		if (this.process == null) {
			return;
		}
		if (forcibly) {
			this.process.destroyForcibly();
		}
		else {
			this.process.destroy();
		}
		try {
			if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.process = null;
	}

	@Override
	public String toString() {
		return this.name + " (log " + this.log + ")";
	}

}
