package io.sonde.e2e.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Host commands the root-only tests run ({@code ip netns}, {@code ip link}, tools inside
 * a namespace) through {@link ProcessBuilder}.
 */
public final class HostCommand {

	private HostCommand() {
	}

	/**
	 * Runs {@code command} to completion and returns what it printed; fails naming the
	 * command and its output unless it exits 0 within {@code timeout}.
	 */
	public static String run(Duration timeout, List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly();
			throw new IllegalStateException("timed out: " + String.join(" ", command));
		}
		if (process.exitValue() != 0) {
			throw new IllegalStateException(
					String.join(" ", command) + " exited " + process.exitValue() + ": " + output.strip());
		}
		return output;
	}

	/**
	 * Deletes a network namespace and with it the links inside; one already gone is no
	 * failure, so a clean-up can run after a half-finished set-up.
	 */
	public static void deleteNamespace(String name) throws IOException, InterruptedException {
		Process process = new ProcessBuilder("ip", "netns", "del", name).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		process.waitFor(30, TimeUnit.SECONDS);
	}

}
