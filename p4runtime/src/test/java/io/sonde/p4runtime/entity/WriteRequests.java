package io.sonde.p4runtime.entity;

import java.util.List;
import java.util.Objects;

import p4.v1.Entity;
import p4.v1.ReadRequest;
import p4.v1.Uint128;
import p4.v1.Update;
import p4.v1.WriteRequest;

/**
 * Requests stamped with the session's device id, role and election id. A Write whose
 * election id is not the current primary's for the role is refused with
 * PERMISSION_DENIED, so every request of a session must carry the same id that won
 * arbitration; keeping it in one immutable value makes that hard to get wrong.
 */
public final class WriteRequests {

	private final long deviceId;

	private final String role;

	private final Uint128 electionId;

	private final WriteRequest.Atomicity atomicity;

	private WriteRequests(long deviceId, String role, Uint128 electionId, WriteRequest.Atomicity atomicity) {
		if (deviceId == 0) {
			throw new IllegalArgumentException("device_id must be non-zero");
		}
		this.deviceId = deviceId;
		this.role = Objects.requireNonNull(role);
		this.electionId = Objects.requireNonNull(electionId);
		this.atomicity = atomicity;
	}

	/** Requests of the default role (full pipeline access). */
	public static WriteRequests forDevice(long deviceId, Uint128 electionId) {
		return new WriteRequests(deviceId, "", electionId, WriteRequest.Atomicity.CONTINUE_ON_ERROR);
	}

	public WriteRequests withRole(String role) {
		return new WriteRequests(this.deviceId, role, this.electionId, this.atomicity);
	}

	/** After winning a new election, e.g. when taking over from a lost primary. */
	public WriteRequests withElectionId(Uint128 electionId) {
		return new WriteRequests(this.deviceId, this.role, electionId, this.atomicity);
	}

	public WriteRequests withAtomicity(WriteRequest.Atomicity atomicity) {
		return new WriteRequests(this.deviceId, this.role, this.electionId, atomicity);
	}

	public WriteRequest write(Update... updates) {
		return write(List.of(updates));
	}

	public WriteRequest write(List<Update> updates) {
		return WriteRequest.newBuilder()
			.setDeviceId(this.deviceId)
			.setRole(this.role)
			.setElectionId(this.electionId)
			.setAtomicity(this.atomicity)
			.addAllUpdates(updates)
			.build();
	}

	/** Reads need no election id: backups and observers may read too. */
	public ReadRequest read(Entity... entities) {
		return ReadRequest.newBuilder()
			.setDeviceId(this.deviceId)
			.setRole(this.role)
			.addAllEntities(List.of(entities))
			.build();
	}

	public long deviceId() {
		return this.deviceId;
	}

	public String role() {
		return this.role;
	}

	public Uint128 electionId() {
		return this.electionId;
	}

}
