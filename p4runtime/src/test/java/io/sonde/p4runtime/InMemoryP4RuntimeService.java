package io.sonde.p4runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.Any;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import io.sonde.p4runtime.arbitration.Arbitration;
import io.sonde.p4runtime.arbitration.ArbitrationRejected;
import io.sonde.p4runtime.arbitration.ArbitrationStream;
import io.sonde.p4runtime.arbitration.NotPrimary;
import p4.v1.CapabilitiesRequest;
import p4.v1.CapabilitiesResponse;
import p4.v1.Entity;
import p4.v1.P4RuntimeGrpc;
import p4.v1.ReadRequest;
import p4.v1.ReadResponse;
import p4.v1.StreamMessageRequest;
import p4.v1.StreamMessageResponse;
import p4.v1.TableEntry;
import p4.v1.Update;
import p4.v1.WriteRequest;
import p4.v1.WriteResponse;

/**
 * A one-device P4Runtime server for tests: arbitration through {@link Arbitration} and a
 * table-entry store with the per-update error reporting of spec §12.3. Only table entries
 * are stored; other entities answer UNIMPLEMENTED.
 */
class InMemoryP4RuntimeService extends P4RuntimeGrpc.P4RuntimeImplBase {

	private final Arbitration arbitration;

	private final Map<TableEntry, TableEntry> entries = new LinkedHashMap<>();

	InMemoryP4RuntimeService(long deviceId) {
		this.arbitration = new Arbitration(deviceId);
	}

	Arbitration arbitration() {
		return this.arbitration;
	}

	@Override
	public void write(WriteRequest request, StreamObserver<WriteResponse> response) {
		if (request.getDeviceId() != this.arbitration.deviceId()) {
			response.onError(Status.NOT_FOUND.withDescription("unknown device").asRuntimeException());
			return;
		}
		try {
			this.arbitration.requirePrimary(request);
		}
		catch (NotPrimary ex) {
			response.onError(ex.toStatus().asRuntimeException());
			return;
		}
		List<p4.v1.Error> errors = new ArrayList<>();
		synchronized (this.entries) {
			for (Update update : request.getUpdatesList()) {
				errors.add(apply(update));
			}
		}
		if (errors.stream().allMatch((e) -> e.getCanonicalCode() == Status.Code.OK.value())) {
			response.onNext(WriteResponse.getDefaultInstance());
			response.onCompleted();
			return;
		}
		com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
			.setCode(Status.Code.UNKNOWN.value())
			.setMessage("some updates failed")
			.addAllDetails(errors.stream().map(Any::pack).toList())
			.build();
		response.onError(StatusProto.toStatusRuntimeException(status));
	}

	private p4.v1.Error apply(Update update) {
		if (!update.getEntity().hasTableEntry()) {
			return error(Status.Code.UNIMPLEMENTED, "only table entries are stored");
		}
		TableEntry entry = update.getEntity().getTableEntry();
		TableEntry key = key(entry);
		boolean exists = this.entries.containsKey(key);
		switch (update.getType()) {
			case INSERT -> {
				if (exists) {
					return error(Status.Code.ALREADY_EXISTS, "entry already exists");
				}
				this.entries.put(key, entry);
			}
			case MODIFY -> {
				if (!exists) {
					return error(Status.Code.NOT_FOUND, "no such entry");
				}
				this.entries.put(key, entry);
			}
			case DELETE -> {
				if (!exists) {
					return error(Status.Code.NOT_FOUND, "no such entry");
				}
				this.entries.remove(key);
			}
			default -> {
				return error(Status.Code.INVALID_ARGUMENT, "update type " + update.getType());
			}
		}
		return p4.v1.Error.newBuilder().setCanonicalCode(Status.Code.OK.value()).build();
	}

	private static TableEntry key(TableEntry entry) {
		return TableEntry.newBuilder()
			.setTableId(entry.getTableId())
			.addAllMatch(entry.getMatchList())
			.setPriority(entry.getPriority())
			.setIsDefaultAction(entry.getIsDefaultAction())
			.build();
	}

	private static p4.v1.Error error(Status.Code code, String message) {
		return p4.v1.Error.newBuilder().setCanonicalCode(code.value()).setMessage(message).build();
	}

	@Override
	public void read(ReadRequest request, StreamObserver<ReadResponse> response) {
		if (request.getDeviceId() != this.arbitration.deviceId()) {
			response.onError(Status.NOT_FOUND.withDescription("unknown device").asRuntimeException());
			return;
		}
		ReadResponse.Builder result = ReadResponse.newBuilder();
		synchronized (this.entries) {
			for (Entity filter : request.getEntitiesList()) {
				if (!filter.hasTableEntry()) {
					response.onError(Status.UNIMPLEMENTED.withDescription("only table entries").asRuntimeException());
					return;
				}
				int tableId = filter.getTableEntry().getTableId();
				this.entries.values()
					.stream()
					.filter((entry) -> tableId == 0 || entry.getTableId() == tableId)
					.forEach((entry) -> result.addEntities(Entity.newBuilder().setTableEntry(entry)));
			}
		}
		response.onNext(result.build());
		response.onCompleted();
	}

	@Override
	public void capabilities(CapabilitiesRequest request, StreamObserver<CapabilitiesResponse> response) {
		response.onNext(CapabilitiesResponse.newBuilder().setP4RuntimeApiVersion("1.4.0").build());
		response.onCompleted();
	}

	@Override
	public StreamObserver<StreamMessageRequest> streamChannel(StreamObserver<StreamMessageResponse> response) {
		// Arbitration answers other streams from this call's thread: serialise all sends.
		Object sendLock = new Object();
		ArbitrationStream stream = this.arbitration.openStream((update) -> {
			synchronized (sendLock) {
				response.onNext(StreamMessageResponse.newBuilder().setArbitration(update).build());
			}
		});
		return new StreamObserver<>() {

			@Override
			public void onNext(StreamMessageRequest request) {
				if (!request.hasArbitration()) {
					return;
				}
				try {
					stream.arbitrate(request.getArbitration());
				}
				catch (ArbitrationRejected ex) {
					synchronized (sendLock) {
						response.onError(ex.toStatus().asRuntimeException());
					}
				}
			}

			@Override
			public void onError(Throwable cause) {
				stream.close();
			}

			@Override
			public void onCompleted() {
				stream.close();
				synchronized (sendLock) {
					response.onCompleted();
				}
			}

		};
	}

}
