package io.sonde.p4runtime;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.sonde.p4runtime.arbitration.ElectionIds;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.entity.WriteRequests;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import p4.v1.CapabilitiesRequest;
import p4.v1.Entity;
import p4.v1.MasterArbitrationUpdate;
import p4.v1.P4RuntimeGrpc;
import p4.v1.ReadResponse;
import p4.v1.TableEntry;
import p4.v1.Uint128;
import p4.v1.WriteRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Real gRPC over loopback TCP: a Netty server running {@link InMemoryP4RuntimeService}
 * and two controllers using the generated stubs, so that status details, streaming and
 * arbitration notifications cross the wire as they would with a switch.
 */
@Timeout(60)
class P4RuntimeLoopbackIntegrationTests {

	private static final long DEVICE = 1;

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final TableEntries entries = new TableEntries(TestP4Info.index());

	private final List<StreamClient> streams = new ArrayList<>();

	private Server server;

	private ManagedChannel channel;

	@BeforeEach
	void startServerAndChannel() throws Exception {
		this.server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
			.addService(new InMemoryP4RuntimeService(DEVICE))
			.build()
			.start();
		this.channel = NettyChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
	}

	@AfterEach
	void shutDown() throws InterruptedException {
		this.streams.forEach(StreamClient::close);
		this.channel.shutdownNow();
		this.server.shutdownNow();
		assertThat(this.channel.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		assertThat(this.server.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	private StreamClient connect(long electionId) {
		StreamClient stream = new StreamClient(P4RuntimeGrpc.newStub(this.channel));
		this.streams.add(stream);
		return stream.arbitrate(DEVICE, ElectionIds.of(electionId));
	}

	private static Status.Code code(MasterArbitrationUpdate update) {
		return Status.fromCodeValue(update.getStatus().getCode()).getCode();
	}

	private P4RuntimeGrpc.P4RuntimeBlockingStub blocking() {
		return P4RuntimeGrpc.newBlockingStub(this.channel).withDeadlineAfter(10, TimeUnit.SECONDS);
	}

	private void write(String operation, WriteRequest request) {
		try {
			blocking().write(request);
		}
		catch (StatusRuntimeException ex) {
			throw WriteRejected.from(operation, ex);
		}
	}

	private TableEntry route(String prefix, int port) {
		return this.entries.table("MyIngress.ipv4_lpm")
			.lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4(prefix), 24)
			.action("MyIngress.set_nhop")
			.param("port", port)
			.param("dmac", Bytestrings.mac("00:00:00:00:01:0" + port))
			.build();
	}

	@Test
	void higherElectionIdBecomesPrimaryAndTheOtherIsToldAlreadyExists() throws Exception {
		StreamClient a = connect(5);
		assertThat(code(a.nextArbitration(WAIT))).isEqualTo(Status.Code.OK);

		StreamClient b = connect(10);
		MasterArbitrationUpdate toB = b.nextArbitration(WAIT);
		MasterArbitrationUpdate toA = a.nextArbitration(WAIT);
		assertThat(code(toB)).isEqualTo(Status.Code.OK);
		assertThat(code(toA)).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(toA.getElectionId()).isEqualTo(ElectionIds.of(10));
		assertThat(toA.getDeviceId()).isEqualTo(DEVICE);
	}

	@Test
	void backupIsToldThereIsNoPrimaryWhenThePrimaryDisconnects() throws Exception {
		StreamClient a = connect(5);
		a.nextArbitration(WAIT);
		StreamClient b = connect(10);
		b.nextArbitration(WAIT);
		a.nextArbitration(WAIT);

		b.close();
		MasterArbitrationUpdate toA = a.nextArbitration(WAIT);
		assertThat(code(toA)).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(toA.getElectionId()).isEqualTo(ElectionIds.of(10));

		Uint128 takeover = ElectionIds.increment(toA.getElectionId());
		a.arbitrate(DEVICE, takeover);
		assertThat(code(a.nextArbitration(WAIT))).isEqualTo(Status.Code.OK);
	}

	@Test
	void rejectsAStreamReusingALiveElectionId() throws Exception {
		connect(5).nextArbitration(WAIT);
		StreamClient copycat = connect(5);
		assertThat(copycat.endStatus(WAIT).getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void primaryWritesATableEntryAndReadsItBackEqual() throws Exception {
		connect(7).nextArbitration(WAIT);
		WriteRequests session = WriteRequests.forDevice(DEVICE, ElectionIds.of(7));
		TableEntry entry = route("10.0.1.0", 1);

		write("insert route", session.write(Updates.insert(entry)));

		List<TableEntry> read = new ArrayList<>();
		blocking().read(session.read(Entities.of(this.entries.allOf("ipv4_lpm"))))
			.forEachRemaining((ReadResponse response) -> response.getEntitiesList()
				.stream()
				.map(Entity::getTableEntry)
				.forEach(read::add));
		assertThat(read).containsExactly(entry);
	}

	@Test
	void rejectsWriteFromABackupWithPermissionDenied() throws Exception {
		connect(5).nextArbitration(WAIT);
		connect(10).nextArbitration(WAIT);
		WriteRequests backup = WriteRequests.forDevice(DEVICE, ElectionIds.of(5));

		assertThatExceptionOfType(WriteRejected.class)
			.isThrownBy(() -> write("insert route", backup.write(Updates.insert(route("10.0.1.0", 1)))))
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
				assertThat(ex.operation()).isEqualTo("insert route");
				assertThat(ex.updates()).isEmpty();
			});
	}

	@Test
	void batchWithADuplicateInsertReportsOneErrorPerUpdate() throws Exception {
		connect(3).nextArbitration(WAIT);
		WriteRequests session = WriteRequests.forDevice(DEVICE, ElectionIds.of(3));
		TableEntry first = route("10.0.1.0", 1);
		TableEntry second = route("10.0.2.0", 2);

		assertThatExceptionOfType(WriteRejected.class)
			.isThrownBy(() -> write("insert routes", session.write(Updates.insert(first), Updates.insert(first),
					Updates.insert(second), Updates.delete(route("10.0.9.0", 9)))))
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(Status.Code.UNKNOWN);
				assertThat(ex.updates()).extracting(UpdateStatus::code)
					.containsExactly(Status.Code.OK, Status.Code.ALREADY_EXISTS, Status.Code.OK, Status.Code.NOT_FOUND);
				assertThat(ex.failedUpdates()).extracting(UpdateStatus::index).containsExactly(1, 3);
				assertThat(ex.describeFailures()).contains("update 1: ALREADY_EXISTS");
			});
	}

	@Test
	void answersCapabilitiesWithTheApiVersion() {
		assertThat(blocking().capabilities(CapabilitiesRequest.getDefaultInstance()).getP4RuntimeApiVersion())
			.isEqualTo("1.4.0");
	}

}
