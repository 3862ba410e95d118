package io.sonde.e2e.repro.gpint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.Updates;
import p4.v1.Update;

/**
 * SQR's switch half per scenario: sonde.p4's {@code probe_settings} (recovery on or off,
 * t_f), written over P4Runtime by a controller that stays primary on every switch for the
 * network's life (a write is then one RPC, cheap enough before every session).
 */
final class SwitchProbeSettings implements AutoCloseable {

	/** Above the provisioner's election id 1, which closed its sessions. */
	private static final long ELECTION_ID = 2;

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private boolean recoveryEnabled = true;

	private long feedbackTimeoutMicros = 1_500_000;

	SwitchProbeSettings(EmulatedNetwork emulated) {
		try {
			for (EmulatedSwitch emulatedSwitch : emulated.switches()) {
				P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", emulatedSwitch.spec().p4RuntimePort())
					.deviceId(emulatedSwitch.spec().deviceId())
					.electionId(ELECTION_ID)
					.rpcTimeout(TIMEOUT)
					.connect();
				this.clients.add(client);
				client.awaitPrimary(TIMEOUT);
			}
		}
		catch (RuntimeException ex) {
			close();
			throw ex;
		}
	}

	/** Writes the settings to every switch unless they are in force already. */
	void apply(boolean recovery, Duration feedbackTimeout) {
		long micros = feedbackTimeout.toNanos() / 1_000;
		if (recovery == this.recoveryEnabled && micros == this.feedbackTimeoutMicros) {
			return;
		}
		List<Update> update = List.of(Updates.of(Update.Type.MODIFY, this.entities.probeSettings(recovery, micros)));
		for (P4RuntimeClient client : this.clients) {
			client.write(update);
		}
		this.recoveryEnabled = recovery;
		this.feedbackTimeoutMicros = micros;
	}

	@Override
	public void close() {
		this.clients.forEach(P4RuntimeClient::close);
		this.clients.clear();
	}

}
