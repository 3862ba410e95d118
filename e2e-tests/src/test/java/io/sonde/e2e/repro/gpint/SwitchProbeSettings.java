package io.sonde.e2e.repro.gpint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.info.P4EntityKind;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.Update;

/**
 * SQR's switch half per scenario: {@code set_probe_settings(recovery_enabled,
 * feedback_timeout_us)}, the default action of sonde.p4's keyless {@code probe_settings}
 * table, written over P4Runtime by a controller that stays primary on every switch for
 * the network's life (a write is then one RPC, cheap enough before every session).
 * Without that table in the P4Info the switches keep the data plane's defaults (recovery
 * on, t_f 1.5 s) and {@link #controllable()} says so.
 */
final class SwitchProbeSettings implements AutoCloseable {

	static final String TABLE = "probe_settings";

	static final String ACTION = "set_probe_settings";

	/** Above the provisioner's election id 1, which closed its sessions. */
	private static final long ELECTION_ID = 2;

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private final TableEntries tables;

	private final boolean controllable;

	private boolean recoveryEnabled = true;

	private long feedbackTimeoutMicros = 1_500_000;

	SwitchProbeSettings(EmulatedNetwork emulated) {
		P4InfoIndex p4Info = SondePipeline.p4Info();
		this.tables = new TableEntries(p4Info);
		this.controllable = p4Info.contains(P4EntityKind.TABLE, TABLE);
		if (!this.controllable) {
			return;
		}
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

	/** Whether the switches' settings can be written (the P4Info has the table). */
	boolean controllable() {
		return this.controllable;
	}

	/**
	 * Writes the settings to every switch unless they are in force already.
	 * @throws IllegalStateException when the switches cannot be told (no table)
	 */
	void apply(boolean recovery, Duration feedbackTimeout) {
		long micros = feedbackTimeout.toNanos() / 1_000;
		if (recovery == this.recoveryEnabled && micros == this.feedbackTimeoutMicros) {
			return;
		}
		if (!this.controllable) {
			throw new IllegalStateException(
					"sonde.p4's P4Info has no " + TABLE + " table: the switches keep recovery on and t_f 1.5 s");
		}
		List<Update> update = List.of(Updates.of(Update.Type.MODIFY,
				Entities.of(this.tables.defaultAction(TABLE)
					.action(ACTION)
					.param("recovery_enabled", recovery ? 1L : 0L)
					.param("feedback_timeout_us", micros)
					.build())));
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
