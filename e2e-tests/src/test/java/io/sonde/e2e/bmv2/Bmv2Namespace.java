package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.sonde.e2e.support.HostCommand;

/**
 * A network namespace this test creates for BMv2 switches and the veth pairs that are
 * their ports, hosts and collectors; {@link #close} deletes it, and with it every pair.
 * IPv6 is off in it before any link exists, so the kernel sends nothing of its own
 * (router solicitations, MLD) into a switch's port: every frame a switch sees is one the
 * test sent. Root only: {@code ip netns}, {@code ip link} through {@link ProcessBuilder}.
 */
final class Bmv2Namespace implements AutoCloseable {

	private final String name;

	private Bmv2Namespace(String name) {
		this.name = name;
	}

	static Bmv2Namespace create() throws IOException, InterruptedException {
		String tag = "sbm" + (ProcessHandle.current().pid() % 10_000)
				+ Integer.toString(ThreadLocalRandom.current().nextInt(36 * 36), 36);
		Bmv2Namespace namespace = new Bmv2Namespace(tag);
		try {
			run("ip", "netns", "add", tag);
			namespace.exec("sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1");
			namespace.exec("sysctl", "-qw", "net.ipv6.conf.default.disable_ipv6=1");
			run("ip", "-n", tag, "link", "set", "lo", "up");
			return namespace;
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			namespace.close();
			throw ex;
		}
	}

	String name() {
		return this.name;
	}

	/**
	 * A veth pair in this namespace, both ends up; names are prefixed with the
	 * namespace's tag (at most 15 characters in all).
	 * @return the two ends' full names
	 */
	List<String> vethPair(String a, String b) throws IOException, InterruptedException {
		String endA = this.name + a;
		String endB = this.name + b;
		run("ip", "-n", this.name, "link", "add", endA, "type", "veth", "peer", "name", endB);
		for (String end : List.of(endA, endB)) {
			run("ip", "-n", this.name, "link", "set", end, "up");
		}
		return List.of(endA, endB);
	}

	/** {@code command} as run inside this namespace. */
	List<String> inside(List<String> command) {
		List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", this.name));
		full.addAll(command);
		return full;
	}

	/** Runs a command inside the namespace; fails with its output unless it exits 0. */
	String exec(String... command) throws IOException, InterruptedException {
		return run(inside(List.of(command)));
	}

	static String run(String... command) throws IOException, InterruptedException {
		return run(List.of(command));
	}

	static String run(List<String> command) throws IOException, InterruptedException {
		return HostCommand.run(Duration.ofSeconds(60), command);
	}

	@Override
	public void close() throws IOException, InterruptedException {
		HostCommand.deleteNamespace(this.name);
	}

}
