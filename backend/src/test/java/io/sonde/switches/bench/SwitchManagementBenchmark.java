package io.sonde.switches.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.SondeApplication;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfiguration;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;
import io.sonde.switches.EmulatedFabric;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.TopologyCatalog;
import p4.v1.Entity;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Update;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Switch management against emulated P4Runtime switches, each figure with a baseline from
 * the same run:
 * <ul>
 * <li>{@code switches_bringup_ms}: from nothing (switches without pipeline, nothing
 * registered) to 20 FatTree(4) switches registered, primary, running sonde.p4 with routes
 * and the INT configuration, every entry checked in place; baseline
 * {@code switches_bringup_serial_ms}: the same writes made by one client switch after
 * switch, without the backend;</li>
 * <li>{@code switch_reconcile_ms}: a switch restarts and loses everything, until the
 * backend has noticed, redialled, pushed the pipeline and written its entries back;</li>
 * <li>{@code p4rt_write_entries_per_s}: 1,000 ipv4_lpm inserts (the table holds 1,024) in
 * Write batches of 500, against the baseline of one entry per Write
 * ({@code p4rt_write_single_entries_per_s}).</li>
 * </ul>
 * Run with {@code make bench-switches}; medians of the rounds.
 */
public final class SwitchManagementBenchmark {

	private static final int ROUNDS = 5;

	private static final int RESTARTS = 10;

	/** sonde.p4's ipv4_lpm holds 1,024 entries. */
	private static final int ENTRIES = 1_000;

	private static final int REPEATS = 10;

	private SwitchManagementBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		RedisServerProcess redis = RedisServerProcess.start();
		Path questDb = Files.createTempDirectory("sonde-bench-switches");
		ConfigurableApplicationContext backend = new SpringApplicationBuilder(SondeApplication.class).run(
				"--server.port=0", "--spring.data.redis.port=" + redis.port(),
				"--sonde.timeseries.questdb.data-dir=" + questDb, "--sonde.timeseries.questdb.http-port=0",
				"--sonde.timeseries.questdb.pg-port=0", "--sonde.switches.heartbeat=1s",
				"--sonde.switches.backoff-min=20ms", "--sonde.switches.backoff-max=1s",
				"--logging.level.io.sonde=warn");
		try {
			SwitchManagement switches = backend.getBean(SwitchManagement.class);
			IntConfiguration intConfiguration = backend.getBean(IntConfiguration.class);
			TopologyCatalog catalog = backend.getBean(TopologyCatalog.class);
			double[] bringUp = new double[ROUNDS];
			double[] serial = new double[ROUNDS];
			for (int round = 0; round < ROUNDS; round++) {
				try (EmulatedFabric fabric = EmulatedFabric.fatTree(4)) {
					catalog.importDocument(fabric.document(), "benchmark");
					intConfiguration.apply(edgeIntConfig(), "benchmark", "baseline");
					serial[round] = serialBaseline(backend.getBeansOfType(DesiredStateContributor.class).values(),
							fabric);
					fabric.switchNames().forEach((name) -> fabric.server(name).restart());
					bringUp[round] = bringUp(switches, intConfiguration, fabric);
					System.out.printf("round %d: bring-up %.0f ms, serial baseline %.0f ms%n", round + 1,
							bringUp[round], serial[round]);
					if (round == ROUNDS - 1) {
						reconcileAfterRestarts(switches, fabric);
					}
					for (SwitchView view : switches.switches()) {
						switches.remove(view.name());
					}
				}
			}
			print("switches_bringup_ms", median(bringUp), "ms");
			print("switches_bringup_serial_ms", median(serial), "ms");
			writeThroughput();
		}
		finally {
			backend.close();
			redis.stop();
		}
	}

	/**
	 * Register 20, apply INT, wait until every switch holds exactly its desired state.
	 */
	private static double bringUp(SwitchManagement switches, IntConfiguration intConfiguration, EmulatedFabric fabric)
			throws Exception {
		long t0 = System.nanoTime();
		for (String name : fabric.switchNames()) {
			var server = fabric.server(name);
			switches.register(new SwitchDevice(name, "127.0.0.1", server.port(), server.deviceId(), "", 1,
					SwitchDevice.SONDE_PIPELINE, null, true));
		}
		intConfiguration.apply(edgeIntConfig(), "benchmark", "bring-up");
		awaitInSync(switches, fabric.switchNames(), Instant.EPOCH);
		return (System.nanoTime() - t0) / 1e6;
	}

	/**
	 * The baseline: the same entities (asked of the same contributors), written by one
	 * client per switch, switch after switch, pipeline first: what a provisioning script
	 * does, with no registry, no reads and no comparison.
	 */
	private static double serialBaseline(Collection<DesiredStateContributor> contributors, EmulatedFabric fabric) {
		long t0 = System.nanoTime();
		for (String name : fabric.switchNames()) {
			EmulatedP4RuntimeServer server = fabric.server(name);
			SwitchDevice device = new SwitchDevice(name, "127.0.0.1", server.port(), server.deviceId(), "", 100,
					SwitchDevice.SONDE_PIPELINE, null, true);
			List<Update> updates = new ArrayList<>();
			for (DesiredStateContributor contributor : contributors) {
				for (Entity entity : contributor.entitiesFor(device)) {
					updates.add(Update.newBuilder()
						.setType((entity.hasRegisterEntry() || entity.getTableEntry().getIsDefaultAction())
								? Update.Type.MODIFY : Update.Type.INSERT)
						.setEntity(entity)
						.build());
				}
			}
			try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", server.port())
				.deviceId(server.deviceId())
				.electionId(100)
				.connect()) {
				client.awaitPrimary(Duration.ofSeconds(5));
				client.setPipeline(SondePipeline.p4Info().p4Info(), new byte[0], 1,
						SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
				client.write(updates);
			}
		}
		return (System.nanoTime() - t0) / 1e6;
	}

	private static void reconcileAfterRestarts(SwitchManagement switches, EmulatedFabric fabric) throws Exception {
		String name = "edge-1-1";
		switches.connect(name);
		awaitInSync(switches, List.of(name), Instant.EPOCH);
		double[] took = new double[RESTARTS];
		int entries = 0;
		for (int i = 0; i < RESTARTS; i++) {
			Instant before = Instant.now();
			long t0 = System.nanoTime();
			fabric.server(name).restart();
			ReconcileReport report = awaitInSync(switches, List.of(name), before);
			took[i] = (System.nanoTime() - t0) / 1e6;
			entries = report.applied().size();
		}
		System.out.printf("reconcile after restart: %s ms (%d entities written back each time)%n",
				Arrays.toString(Arrays.stream(took).map(Math::round).toArray()), entries);
		print("switch_reconcile_ms", median(took), "ms");
	}

	/**
	 * Until every named switch is primary with a reconciliation after {@code after} and
	 * in sync.
	 */
	private static ReconcileReport awaitInSync(SwitchManagement switches, List<String> names, Instant after)
			throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		ReconcileReport last = null;
		while (System.nanoTime() < deadline) {
			boolean all = true;
			for (String name : names) {
				SwitchView view = switches.switchNamed(name).orElseThrow();
				ReconcileReport report = view.connection().lastReconcile();
				if (view.connection().state() != ConnectionState.PRIMARY || report == null
						|| !report.at().isAfter(after) || !switches.diff(name).inSync()) {
					all = false;
					break;
				}
				last = report;
			}
			if (all) {
				return last;
			}
			Thread.sleep(5);
		}
		throw new IllegalStateException("switches " + names + " did not settle within 60 s");
	}

	/** ipv4_lpm inserts against one emulated switch: batches of 500 vs one per Write. */
	private static void writeThroughput() {
		try (EmulatedP4RuntimeServer server = EmulatedP4RuntimeServer.start("bench", 1, 0);
				P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", server.port())
					.deviceId(1)
					.electionId(1)
					.connect()) {
			client.awaitPrimary(Duration.ofSeconds(5));
			client.setPipeline(SondePipeline.p4Info().p4Info(), new byte[0], 1,
					SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
			SondeEntities sonde = SondeEntities.ofPipeline();
			double[] batched = new double[ROUNDS];
			double[] single = new double[ROUNDS];
			for (int round = 0; round < ROUNDS; round++) {
				List<Update> inserts = new ArrayList<>();
				for (int i = 0; i < ENTRIES; i++) {
					inserts.add(Update.newBuilder()
						.setType(Update.Type.INSERT)
						.setEntity(sonde.route(0x0B00_0000 + i, 32, 1 + i % 4, 0x0200_0000_0000L + i))
						.build());
				}
				long batchedNanos = 0;
				long singleNanos = 0;
				for (int repeat = 0; repeat < REPEATS; repeat++) {
					long t0 = System.nanoTime();
					for (int from = 0; from < inserts.size(); from += 500) {
						client.write(inserts.subList(from, Math.min(inserts.size(), from + 500)));
					}
					batchedNanos += System.nanoTime() - t0;
					client.write(deletes(inserts));
					t0 = System.nanoTime();
					for (Update insert : inserts) {
						client.write(List.of(insert));
					}
					singleNanos += System.nanoTime() - t0;
					client.write(deletes(inserts));
				}
				batched[round] = ENTRIES * REPEATS / (batchedNanos / 1e9);
				single[round] = ENTRIES * REPEATS / (singleNanos / 1e9);
				System.out.printf("writes round %d: %.0f entries/s batched, %.0f one per Write%n", round + 1,
						batched[round], single[round]);
			}
			print("p4rt_write_entries_per_s", median(batched), "entries/s");
			print("p4rt_write_single_entries_per_s", median(single), "entries/s");
			print("p4rt_write_batch_vs_single_ratio", median(batched) / median(single), "x");
		}
	}

	private static List<Update> deletes(List<Update> inserts) {
		return inserts.stream()
			.map((insert) -> insert.toBuilder()
				.setType(Update.Type.DELETE)
				.setEntity(
						Entity.newBuilder().setTableEntry(insert.getEntity().getTableEntry().toBuilder().clearAction()))
				.build())
			.toList();
	}

	/** The demo's: sources and sinks on the edge, transit everywhere. */
	private static IntConfigDocument edgeIntConfig() throws Exception {
		String json = Files.readString(Path.of(System.getProperty("sonde.repo", "."), "scripts/demo-int-config.json"));
		return new ObjectMapper().readValue(json, IntConfigDocument.class);
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	private static void print(String name, double value, String unit) {
		System.out.printf("BENCH %s %.1f %s%n", name, value, unit);
	}

}
