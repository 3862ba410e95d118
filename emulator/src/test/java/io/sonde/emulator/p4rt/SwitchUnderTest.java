package io.sonde.emulator.p4rt;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.SetForwardingPipelineConfigRequest;

/**
 * One emulated switch on a free loopback port and the controllers connected to it in a
 * test; closing it closes them all.
 */
final class SwitchUnderTest implements AutoCloseable {

	static final Duration WAIT = Duration.ofSeconds(10);

	private final EmulatedP4RuntimeServer server;

	private final P4InfoIndex program;

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private SwitchUnderTest(EmulatedP4RuntimeServer server, P4InfoIndex program) {
		this.server = server;
		this.program = program;
	}

	static SwitchUnderTest start(String name, long deviceId, P4InfoIndex program) {
		return new SwitchUnderTest(EmulatedP4RuntimeServer.start(name, deviceId, 0, program), program);
	}

	EmulatedP4RuntimeServer server() {
		return this.server;
	}

	P4InfoIndex program() {
		return this.program;
	}

	/** A controller that has had its arbitration answer. */
	P4RuntimeClient connect(long electionId) {
		P4RuntimeClient client = builder().electionId(electionId).connect();
		this.clients.add(client);
		client.awaitArbitration(WAIT);
		return client;
	}

	/** A controller without election id. */
	P4RuntimeClient observer() {
		P4RuntimeClient client = builder().connect();
		this.clients.add(client);
		client.awaitArbitration(WAIT);
		return client;
	}

	P4RuntimeClient.Builder builder() {
		return P4RuntimeClient.forAddress("127.0.0.1", this.server.port()).deviceId(this.server.deviceId());
	}

	/** Keeps a client built by hand so that the test's end closes it. */
	P4RuntimeClient track(P4RuntimeClient client) {
		this.clients.add(client);
		return client;
	}

	/**
	 * What a pipeline push carries for the program: sonde.p4's BMv2 JSON, else nothing.
	 */
	byte[] deviceConfig() {
		return (this.program == SondePipeline.p4Info()) ? SondeDeviceConfig.bmv2().json() : new byte[0];
	}

	/** The primary controller, with the switch's program committed. */
	P4RuntimeClient primaryWithPipeline() {
		P4RuntimeClient primary = connect(10);
		primary.awaitPrimary(WAIT);
		primary.setPipeline(this.program.p4Info(), deviceConfig(), 1,
				SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
		return primary;
	}

	/**
	 * The next element of an asynchronously filled queue, failing after {@link #WAIT}.
	 */
	static <T> T next(BlockingQueue<T> queue) throws InterruptedException {
		T element = queue.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
		if (element == null) {
			throw new AssertionError("nothing arrived within " + WAIT);
		}
		return element;
	}

	static <T> BlockingQueue<T> queue() {
		return new LinkedBlockingQueue<>();
	}

	@Override
	public void close() {
		this.clients.forEach(P4RuntimeClient::close);
		this.server.close();
	}

}
