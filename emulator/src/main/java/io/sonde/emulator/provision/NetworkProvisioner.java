package io.sonde.emulator.provision;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Update;

/**
 * The emulator's own controller in a box: it configures every switch of a
 * {@link ProvisioningPlan} the P4Runtime way, as the backend's switch management will
 * from its own model. Per switch: a StreamChannel with an election id, waiting to be
 * primary (spec §5), SetForwardingPipelineConfig VERIFY_AND_COMMIT with sonde.p4's P4Info
 * (§14; the emulated switch needs no device config), then the plan's updates in Write
 * batches of at most {@value #BATCH} (CONTINUE_ON_ERROR, §12.2), each of which must be
 * accepted whole; a batch never mixes ECMP members, their groups and the entries naming
 * the groups ({@link SondeUpdates#phases}). The session is closed afterwards: the switch
 * keeps its state, and the next controller arbitrates afresh.
 */
public final class NetworkProvisioner {

	private static final System.Logger LOG = System.getLogger(NetworkProvisioner.class.getName());

	/** Updates per Write: keeps each request far below gRPC's 4 MiB message limit. */
	static final int BATCH = 500;

	/** Cookie of the pipeline config the emulator's controller commits. */
	private static final long PIPELINE_COOKIE = 0x50_4E_44_45L;

	private final P4InfoIndex p4Info;

	private final SondeUpdates updates;

	private final Duration timeout;

	private final Clock clock;

	private final long electionId;

	/**
	 * @param electionId the controller's election id on every switch (above 0)
	 * @param timeout how long to wait for mastership and for each RPC
	 * @param clock what the report's duration is measured by
	 */
	public NetworkProvisioner(long electionId, Duration timeout, Clock clock) {
		if (electionId <= 0) {
			throw new IllegalArgumentException("a controller that writes needs an election id above 0: " + electionId);
		}
		this.p4Info = SondePipeline.p4Info();
		this.updates = new SondeUpdates(this.p4Info);
		this.electionId = electionId;
		this.timeout = timeout;
		this.clock = clock;
	}

	/** Election id 1, 10 s per step, the system clock. */
	public static NetworkProvisioner withDefaults() {
		return new NetworkProvisioner(1, Duration.ofSeconds(10), Clock.systemUTC());
	}

	/**
	 * Configures every switch of the plan, one after the other.
	 * @throws SwitchNotProvisioned for the first switch that could not be configured
	 */
	public ProvisioningReport apply(ProvisioningPlan plan) {
		Instant start = this.clock.instant();
		Map<String, Integer> written = new LinkedHashMap<>();
		for (SwitchPlan switchPlan : plan.switches()) {
			written.put(switchPlan.switchName(), apply(switchPlan));
		}
		ProvisioningReport report = new ProvisioningReport(written, Duration.between(start, this.clock.instant()));
		LOG.log(Level.INFO, () -> "provisioned " + written.size() + " switches with " + report.updates()
				+ " updates in " + report.took().toMillis() + " ms");
		return report;
	}

	private int apply(SwitchPlan switchPlan) {
		List<List<Update>> phases = this.updates.phases(switchPlan);
		String name = switchPlan.switchName();
		try (P4RuntimeClient client = P4RuntimeClient.forAddress(switchPlan.host(), switchPlan.port())
			.deviceId(switchPlan.deviceId())
			.electionId(this.electionId)
			.rpcTimeout(this.timeout)
			.connect()) {
			step(name, "arbitration", () -> client.awaitPrimary(this.timeout));
			step(name, "pipeline", () -> client.setPipeline(this.p4Info.p4Info(), SondeDeviceConfig.bmv2().json(),
					PIPELINE_COOKIE, SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT));
			for (List<Update> phase : phases) {
				for (int from = 0; from < phase.size(); from += BATCH) {
					List<Update> batch = phase.subList(from, Math.min(phase.size(), from + BATCH));
					step(name, "write", () -> client.write(batch));
				}
			}
		}
		return phases.stream().mapToInt(List::size).sum();
	}

	private static void step(String switchName, String what, Runnable call) {
		try {
			call.run();
		}
		catch (RuntimeException ex) {
			throw new SwitchNotProvisioned(switchName, what, ex);
		}
	}

}
