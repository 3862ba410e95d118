package io.sonde.emulator.p4rt;

import java.net.ConnectException;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.BlockingQueue;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.arbitration.ElectionIds;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.client.ArbitrationRefused;
import io.sonde.p4runtime.client.Mastership;
import io.sonde.p4runtime.client.NotPrimary;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.client.PipelineRejected;
import io.sonde.p4runtime.client.ReadRejected;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.emulator.state.TestPrograms;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import p4.v1.CounterData;
import p4.v1.CounterEntry;
import p4.v1.Entity;
import p4.v1.FieldMatch;
import p4.v1.ForwardingPipelineConfig;
import p4.v1.GetForwardingPipelineConfigRequest.ResponseType;
import p4.v1.SetForwardingPipelineConfigRequest.Action;
import p4.v1.TableEntry;
import p4.v1.WriteRequest;

import static io.sonde.emulator.p4rt.SwitchUnderTest.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * P4Runtime conformance of an emulated switch running sonde.p4, driven by the p4runtime
 * module's client over real gRPC on 127.0.0.1: arbitration and failover (spec §5, §16.2),
 * pipeline configuration (§14, §15), table writes and reads with their error codes (§9.1,
 * §12), counters (§9.3), restart (§3.5). Registers and the match kinds sonde.p4 does not
 * use are covered on a second program in
 * {@link EveryKindProgramConformanceIntegrationTests}; packet I/O in
 * {@link PacketIoConformanceIntegrationTests}.
 */
@Timeout(60)
class P4RuntimeConformanceIntegrationTests {

	private static final byte[] SONDE_BMV2 = SondeDeviceConfig.bmv2().json();

	private final P4InfoIndex sonde = SondePipeline.p4Info();

	private final TableEntries entries = new TableEntries(this.sonde);

	private SwitchUnderTest sw;

	@BeforeEach
	void startSwitch() {
		this.sw = SwitchUnderTest.start("leaf1", 1, this.sonde);
	}

	@AfterEach
	void stopSwitch() {
		this.sw.close();
	}

	private TableEntry route(String prefix, int length, int port) {
		return this.entries.table("ipv4_lpm")
			.lpm("dst_addr", Bytestrings.ipv4(prefix), length)
			.action("set_next_hop")
			.param("port", port)
			.param("dmac", Bytestrings.mac("00:00:00:00:00:0" + port))
			.build();
	}

	private List<TableEntry> routes(P4RuntimeClient client) {
		return client.read(List.of(Entities.of(this.entries.allOf("ipv4_lpm"))))
			.stream()
			.map(Entity::getTableEntry)
			.toList();
	}

	@Nested
	class Arbitration {

		@Test
		void theHighestElectionIdIsPrimaryAndTheOthersAreBackups() {
			P4RuntimeClient first = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);
			P4RuntimeClient second = P4RuntimeConformanceIntegrationTests.this.sw.connect(5);

			assertThat(first.mastership().state()).isEqualTo(Mastership.State.PRIMARY);
			assertThat(second.mastership().state()).isEqualTo(Mastership.State.BACKUP);
			assertThat(second.mastership().highestElectionId()).isEqualTo(ElectionIds.of(10));
		}

		@Test
		void aHigherElectionIdTakesOverAndTheFormerPrimaryIsTold() {
			P4RuntimeClient first = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);

			P4RuntimeClient second = P4RuntimeConformanceIntegrationTests.this.sw.connect(20);

			assertThat(second.isPrimary()).isTrue();
			assertThat(first.awaitMastership(Mastership.State.BACKUP, WAIT).state()).isEqualTo(Mastership.State.BACKUP);
		}

		@Test
		void whenThePrimaryLeavesTheBackupIsToldAndTakesOver() throws Exception {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			P4RuntimeClient backup = P4RuntimeConformanceIntegrationTests.this.sw.connect(5);
			BlockingQueue<Mastership> told = SwitchUnderTest.queue();
			backup.onMastershipChange(told::add);

			primary.close();

			// Spec §16.2 (v1.1): no primary until someone reaches the highest id seen.
			Mastership noPrimary = SwitchUnderTest.next(told);
			assertThat(noPrimary.state()).isEqualTo(Mastership.State.NO_PRIMARY);
			backup.updateElectionId(ElectionIds.increment(noPrimary.highestElectionId()));
			assertThat(SwitchUnderTest.next(told).state()).isEqualTo(Mastership.State.PRIMARY);
			assertThat(backup.write(List.of(Updates.insert(route("10.0.0.0", 8, 1)))))
				.allMatch((status) -> !status.failed());
		}

		@Test
		void anElectionIdInUseByAnotherClientIsRefused() {
			P4RuntimeConformanceIntegrationTests.this.sw.connect(10);
			P4RuntimeClient twin = P4RuntimeConformanceIntegrationTests.this.sw
				.track(P4RuntimeConformanceIntegrationTests.this.sw.builder().electionId(10).connect());

			assertThatExceptionOfType(ArbitrationRefused.class).isThrownBy(() -> twin.awaitArbitration(WAIT))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
		}

		@Test
		void anUnknownDeviceIdIsRefused() {
			P4RuntimeClient stranger = P4RuntimeConformanceIntegrationTests.this.sw
				.track(P4RuntimeConformanceIntegrationTests.this.sw.builder().deviceId(99).electionId(1).connect());

			assertThatExceptionOfType(ArbitrationRefused.class).isThrownBy(() -> stranger.awaitArbitration(WAIT))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.NOT_FOUND))
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("127.0.0.1"));
		}

		@Test
		void anObserverReadsButNeverBecomesPrimary() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))));
			primary.close();

			P4RuntimeClient observer = P4RuntimeConformanceIntegrationTests.this.sw.observer();

			assertThat(observer.mastership().state()).isEqualTo(Mastership.State.NO_PRIMARY);
			assertThat(routes(observer)).hasSize(1);
		}

	}

	@Nested
	class Pipeline {

		@Test
		void aPushedPipelineIsReturnedForEveryResponseType() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);
			primary.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(), SONDE_BMV2, 42,
					Action.VERIFY_AND_COMMIT);

			ForwardingPipelineConfig all = primary.getPipeline(ResponseType.ALL).orElseThrow();
			assertThat(all.getP4Info()).isEqualTo(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info());
			assertThat(all.getP4DeviceConfig().toByteArray()).isEqualTo(SONDE_BMV2);
			assertThat(all.getCookie().getCookie()).isEqualTo(42);
			ForwardingPipelineConfig cookie = primary.getPipeline(ResponseType.COOKIE_ONLY).orElseThrow();
			assertThat(cookie.hasP4Info()).isFalse();
			assertThat(cookie.getP4DeviceConfig().isEmpty()).isTrue();
			assertThat(cookie.getCookie().getCookie()).isEqualTo(42);
			assertThat(primary.getPipeline(ResponseType.P4INFO_AND_COOKIE).orElseThrow().hasP4Info()).isTrue();
			ForwardingPipelineConfig device = primary.getPipeline(ResponseType.DEVICE_CONFIG_AND_COOKIE).orElseThrow();
			assertThat(device.hasP4Info()).isFalse();
			assertThat(device.getP4DeviceConfig().toByteArray()).isEqualTo(SONDE_BMV2);
		}

		@Test
		void beforeAnyPushThereIsNoPipelineAndNoReadOrWrite() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);

			assertThat(primary.getPipeline(ResponseType.ALL)).isEmpty();
			assertThatExceptionOfType(WriteRejected.class)
				.isThrownBy(() -> primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1)))))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.FAILED_PRECONDITION));
			assertThatExceptionOfType(ReadRejected.class).isThrownBy(() -> routes(primary))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.FAILED_PRECONDITION));
		}

		@Test
		void anotherProgramIsRejectedWithTheReason() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);

			assertThatExceptionOfType(PipelineRejected.class)
				.isThrownBy(() -> primary.setPipeline(TestPrograms.everyKind().p4Info(), new byte[0], 1,
						Action.VERIFY_AND_COMMIT))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT))
				.satisfies((ex) -> assertThat(ex.getMessage()).contains("sonde.p4")
					.contains(P4RuntimeConformanceIntegrationTests.this.sonde.tables().get(0).name()));
			assertThat(P4RuntimeConformanceIntegrationTests.this.sw.server().hasPipeline()).isFalse();
		}

		@Test
		void aDeviceConfigThatIsNotTheProgramsBinaryIsRejected() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);
			byte[] edited = SONDE_BMV2.clone();
			edited[edited.length / 2] ^= 1;

			for (byte[] deviceConfig : List.of(new byte[0], edited)) {
				assertThatExceptionOfType(PipelineRejected.class)
					.isThrownBy(() -> primary.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(),
							deviceConfig, 1, Action.VERIFY_AND_COMMIT))
					.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT))
					.satisfies((ex) -> assertThat(ex.getMessage()).contains("p4_device_config")
						.contains(SondeDeviceConfig.bmv2().sha256()));
			}
			assertThat(P4RuntimeConformanceIntegrationTests.this.sw.server().hasPipeline()).isFalse();
		}

		@Test
		void aSavedConfigTakesEffectOnCommit() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.connect(10);
			assertThatExceptionOfType(PipelineRejected.class)
				.isThrownBy(() -> primary.setPipeline(null, new byte[0], 0, Action.COMMIT))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.NOT_FOUND));

			primary.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(), SONDE_BMV2, 7,
					Action.VERIFY_AND_SAVE);
			assertThat(primary.getPipeline(ResponseType.COOKIE_ONLY)).isEmpty();
			primary.setPipeline(null, new byte[0], 0, Action.COMMIT);

			assertThat(primary.getPipeline(ResponseType.COOKIE_ONLY).orElseThrow().getCookie().getCookie())
				.isEqualTo(7);
		}

		@Test
		void verifyAndCommitClearsTheEntriesAndReconcileKeepsThem() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))));

			primary.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(), SONDE_BMV2, 2,
					Action.RECONCILE_AND_COMMIT);
			assertThat(routes(primary)).hasSize(1);
			primary.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(), SONDE_BMV2, 3,
					Action.VERIFY_AND_COMMIT);
			assertThat(routes(primary)).isEmpty();
		}

		@Test
		void aBackupCannotSetThePipeline() {
			P4RuntimeConformanceIntegrationTests.this.sw.connect(10);
			P4RuntimeClient backup = P4RuntimeConformanceIntegrationTests.this.sw.connect(5);

			assertThatExceptionOfType(NotPrimary.class)
				.isThrownBy(() -> backup.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(),
						new byte[0], 1, Action.VERIFY_AND_COMMIT))
				.satisfies((ex) -> assertThat(ex.mastership().state()).isEqualTo(Mastership.State.BACKUP));
		}

	}

	@Nested
	class Tables {

		@Test
		void entriesAreInsertedReadModifiedAndDeleted() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();

			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1)), Updates.insert(route("10.1.0.0", 16, 2))));
			assertThat(routes(primary)).containsExactly(route("10.0.0.0", 8, 1), route("10.1.0.0", 16, 2));

			primary.write(List.of(Updates.modify(route("10.1.0.0", 16, 3))));
			assertThat(routes(primary)).containsExactly(route("10.0.0.0", 8, 1), route("10.1.0.0", 16, 3));

			primary.write(List.of(Updates.delete(route("10.0.0.0", 8, 1))));
			assertThat(routes(primary)).containsExactly(route("10.1.0.0", 16, 3));
		}

		@Test
		void aDuplicateInsertFailsAloneWithAlreadyExists() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))));

			assertThatExceptionOfType(WriteRejected.class)
				.isThrownBy(() -> primary
					.write(List.of(Updates.insert(route("11.0.0.0", 8, 1)), Updates.insert(route("10.0.0.0", 8, 2)))))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.UNKNOWN))
				.satisfies((ex) -> assertThat(ex.updates()).extracting(UpdateStatus::code)
					.containsExactly(Status.Code.OK, Status.Code.ALREADY_EXISTS));
			assertThat(routes(primary)).hasSize(2);
		}

		@Test
		void aRefusedBatchOfHundredsStillSaysWhichUpdatesFailed() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			List<p4.v1.Update> modifies = java.util.stream.IntStream.range(0, 500)
				.mapToObj((i) -> Updates.modify(route("10." + (i / 256) + "." + (i % 256) + ".0", 24, 1)))
				.toList();

			// Hundreds of per-update errors travel in the trailers: far past gRPC's
			// 8 KiB default.
			assertThatExceptionOfType(WriteRejected.class).isThrownBy(() -> primary.write(modifies))
				.satisfies((ex) -> assertThat(ex.updates()).hasSize(500)
					.extracting(UpdateStatus::code)
					.containsOnly(Status.Code.NOT_FOUND));
		}

		@Test
		void modifyingOrDeletingAMissingEntryIsNotFound() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();

			assertThatExceptionOfType(WriteRejected.class)
				.isThrownBy(() -> primary
					.write(List.of(Updates.modify(route("10.0.0.0", 8, 1)), Updates.delete(route("10.0.0.0", 8, 1)))))
				.satisfies((ex) -> assertThat(ex.updates()).extracting(UpdateStatus::code)
					.containsExactly(Status.Code.NOT_FOUND, Status.Code.NOT_FOUND));
		}

		@Test
		void malformedEntriesAreRefusedWithTheSpecifiedCodes() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			TableEntry valid = route("10.0.0.0", 8, 1);
			TableEntry unknownTable = valid.toBuilder().setTableId(0x02ffffff).build();
			TableEntry withPriority = valid.toBuilder().setPriority(10).build();
			TableEntry hostBitsSet = valid.toBuilder()
				.setMatch(0,
						valid.getMatch(0)
							.toBuilder()
							.setLpm(FieldMatch.LPM.newBuilder().setValue(Bytestrings.ipv4("10.0.0.1")).setPrefixLen(8)))
				.build();
			TableEntry tooWide = valid.toBuilder()
				.setMatch(0,
						valid.getMatch(0)
							.toBuilder()
							.setLpm(FieldMatch.LPM.newBuilder()
								.setValue(ByteString.copyFrom(new byte[] { 1, 10, 0, 0, 0 }))
								.setPrefixLen(8)))
				.build();

			assertThatExceptionOfType(WriteRejected.class)
				.isThrownBy(() -> primary.write(List.of(Updates.insert(unknownTable), Updates.insert(withPriority),
						Updates.insert(hostBitsSet), Updates.insert(tooWide), Updates.insert(valid))))
				.satisfies((ex) -> assertThat(ex.updates()).extracting(UpdateStatus::code)
					.containsExactly(Status.Code.INVALID_ARGUMENT, Status.Code.INVALID_ARGUMENT,
							Status.Code.INVALID_ARGUMENT, Status.Code.OUT_OF_RANGE, Status.Code.OK));
		}

		@Test
		void aReadWithABadRequestReturnsTheGoodOnesAndAStatusPerRequest() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))));
			Entity unknownTable = Entities.of(TableEntry.newBuilder().setTableId(0x02ffffff).build());

			assertThatExceptionOfType(ReadRejected.class)
				.isThrownBy(() -> primary
					.read(List.of(Entities.of(P4RuntimeConformanceIntegrationTests.this.entries.allOf("ipv4_lpm")),
							unknownTable)))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.UNKNOWN))
				.satisfies((ex) -> assertThat(ex.statuses()).extracting(UpdateStatus::code)
					.containsExactly(Status.Code.OK, Status.Code.INVALID_ARGUMENT));
		}

		@Test
		void aBackupWriterIsPermissionDenied() {
			P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			P4RuntimeClient backup = P4RuntimeConformanceIntegrationTests.this.sw.connect(5);

			assertThatExceptionOfType(WriteRejected.class)
				.isThrownBy(() -> backup.write(List.of(Updates.insert(route("10.0.0.0", 8, 1)))))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.PERMISSION_DENIED))
				.satisfies((ex) -> assertThat(ex.updates()).isEmpty());
		}

		@Test
		void rollbackAndDataplaneAtomicBatchesAreUnimplemented() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();

			assertThatExceptionOfType(WriteRejected.class)
				.isThrownBy(() -> primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))),
						WriteRequest.Atomicity.ROLLBACK_ON_ERROR))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.UNIMPLEMENTED));
		}

		@Test
		void theDataPlaneRunsWhatTheControllerWrote() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.1.0.0", 16, 4))));

			long[] key = { Bytestrings.toLong(Bytestrings.ipv4("10.1.2.3")) };
			var hit = P4RuntimeConformanceIntegrationTests.this.sw.server().state().table("ipv4_lpm").lookup(key);

			assertThat(hit.action().actionId())
				.isEqualTo(P4RuntimeConformanceIntegrationTests.this.sonde.action("set_next_hop").id());
			assertThat(hit.action().param(0)).isEqualTo(4);
		}

	}

	@Nested
	class Counters {

		private final CounterEntries counters = new CounterEntries(P4RuntimeConformanceIntegrationTests.this.sonde);

		@Test
		void indexedCountersAreReadAndWritten() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			var counter = P4RuntimeConformanceIntegrationTests.this.sw.server().state().counter("ingress_port_counter");
			counter.count(3, 1500);
			counter.count(3, 64);

			CounterData cell = primary.read(List.of(Entities.of(this.counters.read("ingress_port_counter", 3))))
				.get(0)
				.getCounterEntry()
				.getData();
			assertThat(cell.getPacketCount()).isEqualTo(2);
			assertThat(cell.getByteCount()).isEqualTo(1564);

			CounterEntry reset = this.counters.read("ingress_port_counter", 3)
				.toBuilder()
				.setData(CounterData.newBuilder().setPacketCount(100))
				.build();
			primary.write(List.of(Updates.modify(reset)));
			assertThat(counter.packets(3)).isEqualTo(100);
			assertThat(counter.bytes(3)).isZero();
		}

		@Test
		void aReadOfEveryCounterGathersEveryResponseOfTheStream() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			long cells = P4RuntimeConformanceIntegrationTests.this.sonde.p4Info()
				.getCountersList()
				.stream()
				.mapToLong(p4.config.v1.Counter::getSize)
				.sum();

			List<Entity> all = primary.read(List.of(Entities.of(this.counters.readEveryCounter())));

			assertThat(all).hasSize((int) cells);
		}

		@Test
		void directCountersFollowTheirEntry() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			TableEntry entry = route("10.0.0.0", 8, 1);
			primary.write(List.of(Updates.insert(entry)));
			long[] key = { Bytestrings.toLong(Bytestrings.ipv4("10.9.9.9")) };
			P4RuntimeConformanceIntegrationTests.this.sw.server().state().table("ipv4_lpm").lookup(key).count(128);

			Entity read = primary.read(List.of(Entities.of(this.counters.readDirect(entry)))).get(0);

			assertThat(read.getDirectCounterEntry().getData().getByteCount()).isEqualTo(128);
			assertThat(read.getDirectCounterEntry().getData().getPacketCount()).isEqualTo(1);
		}

	}

	@Nested
	class Restart {

		@Test
		void aRestartLosesEntriesPipelineAndStreams() {
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))));
			P4RuntimeConformanceIntegrationTests.this.sw.server().state().counter("ingress_port_counter").count(1, 1);

			P4RuntimeConformanceIntegrationTests.this.sw.server().restart();

			assertThat(primary.awaitMastership(Mastership.State.DISCONNECTED, WAIT).state())
				.isEqualTo(Mastership.State.DISCONNECTED);
			primary.reconnect();
			primary.awaitPrimary(WAIT);
			assertThat(primary.getPipeline(ResponseType.ALL)).isEmpty();
			primary.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(), SONDE_BMV2, 1,
					Action.VERIFY_AND_COMMIT);
			assertThat(routes(primary)).isEmpty();
			assertThat(P4RuntimeConformanceIntegrationTests.this.sw.server()
				.state()
				.counter("ingress_port_counter")
				.packets(1)).isZero();
		}

		@Test
		void aRestartForgetsTheHighestElectionId() {
			P4RuntimeConformanceIntegrationTests.this.sw.connect(100);

			P4RuntimeConformanceIntegrationTests.this.sw.server().restart();

			assertThat(P4RuntimeConformanceIntegrationTests.this.sw.connect(1).isPrimary()).isTrue();
		}

		@Test
		void aPowerCycleAnswersNothingWhileOffAndComesBackEmptyOnTheSamePort() {
			EmulatedP4RuntimeServer server = P4RuntimeConformanceIntegrationTests.this.sw.server();
			int port = server.port();
			P4RuntimeClient primary = P4RuntimeConformanceIntegrationTests.this.sw.primaryWithPipeline();
			primary.write(List.of(Updates.insert(route("10.0.0.0", 8, 1))));

			server.powerOff();

			assertThat(server.isServing()).isFalse();
			assertThat(primary.awaitMastership(Mastership.State.DISCONNECTED, WAIT).state())
				.isEqualTo(Mastership.State.DISCONNECTED);
			assertThatExceptionOfType(ConnectException.class).as("nothing listens on the port")
				.isThrownBy(() -> new Socket("127.0.0.1", port).close());
			assertThat(server.hasPipeline()).isFalse();

			server.powerOn();

			assertThat(server.isServing()).isTrue();
			assertThat(server.port()).isEqualTo(port);
			P4RuntimeClient after = P4RuntimeConformanceIntegrationTests.this.sw.connect(1);
			assertThat(after.isPrimary()).as("election id 10 is forgotten").isTrue();
			assertThat(after.getPipeline(ResponseType.ALL)).isEmpty();
			after.setPipeline(P4RuntimeConformanceIntegrationTests.this.sonde.p4Info(), SONDE_BMV2, 1,
					Action.VERIFY_AND_COMMIT);
			assertThat(routes(after)).isEmpty();
		}

	}

	@Test
	void capabilitiesReportApiVersion140() {
		P4RuntimeClient client = this.sw.observer();

		assertThat(client.capabilities().getP4RuntimeApiVersion()).isEqualTo("1.4.0");
	}

}
