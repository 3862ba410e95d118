package io.sonde.e2e.collector;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.sonde.e2e.support.HostCommand;

/**
 * Two network namespaces this test creates, joined by a veth pair: frames written on the
 * sender's end arrive at the receiver's end, where the XDP collector attaches. Nothing
 * leaves the two namespaces; {@link #close} deletes both (and with them the pair). Root
 * only: {@code ip netns} and {@code ip link} through {@link ProcessBuilder}.
 */
final class VethNamespaces implements AutoCloseable {

	private final String sender;

	private final String receiver;

	private final String senderLink;

	private final String receiverLink;

	private VethNamespaces(String tag) {
		this.sender = tag + "tx";
		this.receiver = tag + "rx";
		this.senderLink = tag + "a";
		this.receiverLink = tag + "b";
	}

	/** Creates both namespaces and the pair, links up. */
	static VethNamespaces create() throws IOException, InterruptedException {
		String tag = "sxj" + (ProcessHandle.current().pid() % 10_000)
				+ Integer.toString(ThreadLocalRandom.current().nextInt(36 * 36), 36);
		VethNamespaces namespaces = new VethNamespaces(tag);
		try {
			run("ip", "netns", "add", namespaces.sender);
			run("ip", "netns", "add", namespaces.receiver);
			run("ip", "link", "add", namespaces.senderLink, "netns", namespaces.sender, "type", "veth", "peer", "name",
					namespaces.receiverLink, "netns", namespaces.receiver);
			run("ip", "-n", namespaces.sender, "link", "set", namespaces.senderLink, "up");
			run("ip", "-n", namespaces.receiver, "link", "set", namespaces.receiverLink, "up");
			run("ip", "-n", namespaces.sender, "link", "set", "lo", "up");
			run("ip", "-n", namespaces.receiver, "link", "set", "lo", "up");
			return namespaces;
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			namespaces.close();
			throw ex;
		}
	}

	String sender() {
		return this.sender;
	}

	String receiver() {
		return this.receiver;
	}

	String senderLink() {
		return this.senderLink;
	}

	String receiverLink() {
		return this.receiverLink;
	}

	/** {@code command} run inside namespace {@code namespace}. */
	static List<String> inNamespace(String namespace, String... command) {
		List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
		full.addAll(List.of(command));
		return full;
	}

	/** Runs a command to completion; fails with its output unless it exits 0. */
	static String run(String... command) throws IOException, InterruptedException {
		return run(List.of(command));
	}

	static String run(List<String> command) throws IOException, InterruptedException {
		return HostCommand.run(Duration.ofSeconds(30), command);
	}

	@Override
	public void close() throws IOException, InterruptedException {
		HostCommand.deleteNamespace(this.sender);
		HostCommand.deleteNamespace(this.receiver);
	}

}
