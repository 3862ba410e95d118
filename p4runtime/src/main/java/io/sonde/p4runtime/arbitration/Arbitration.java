package io.sonde.p4runtime.arbitration;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import io.grpc.Status;
import p4.v1.MasterArbitrationUpdate;
import p4.v1.Role;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Uint128;
import p4.v1.WriteRequest;

/**
 * Server-side client arbitration for one device (spec §5, §16.2), per role.
 * <ul>
 * <li>The primary of a role is the live stream whose election id equals the highest id
 * ever seen for that role; if that stream goes away there is no primary until a client
 * advertises an id at least that high (the v1.1 rule), so a stale controller cannot
 * silently take over.</li>
 * <li>A stream without election id is an observer and never becomes primary; an id of
 * {@code {0, 0}} is set and counts.</li>
 * <li>Each request is answered on its stream with OK (primary), ALREADY_EXISTS (backup
 * while a primary exists) or NOT_FOUND (no primary); when the primary changes, every
 * stream of the role is told. The election id in answers is the highest seen.</li>
 * <li>Refusals end the stream: device id 0 or an election id in use by another live
 * stream: INVALID_ARGUMENT; another device: NOT_FOUND; device or role changed on a live
 * stream: FAILED_PRECONDITION.</li>
 * </ul>
 * Answers are delivered to the stream sinks while holding this object's lock, so that a
 * stream never sees notifications out of order; sinks must not block.
 */
public final class Arbitration {

	private static final System.Logger logger = System.getLogger(Arbitration.class.getName());

	private final long deviceId;

	private final Object lock = new Object();

	private final Map<String, RoleState> roles = new HashMap<>();

	public Arbitration(long deviceId) {
		if (deviceId == 0) {
			throw new IllegalArgumentException("device_id must be non-zero");
		}
		this.deviceId = deviceId;
	}

	public long deviceId() {
		return this.deviceId;
	}

	/**
	 * Registers a new StreamChannel call.
	 * @param sink receives the MasterArbitrationUpdates meant for this stream's client
	 */
	public ArbitrationStream openStream(Consumer<MasterArbitrationUpdate> sink) {
		return new ArbitrationStream(this, Objects.requireNonNull(sink));
	}

	/** True if {@code electionId} is the current primary's for the role. */
	public boolean isPrimary(String role, Uint128 electionId) {
		synchronized (this.lock) {
			RoleState state = this.roles.get(role);
			return electionId != null && state != null && state.primary != null
					&& ElectionIds.compare(state.primary.electionId, electionId) == 0;
		}
	}

	/**
	 * The check before a Write or SetForwardingPipelineConfig (spec §12, §14).
	 * @throws NotPrimary unless the election id is the current primary's for the role
	 */
	public void requirePrimary(String role, Uint128 electionId) {
		if (!isPrimary(role, electionId)) {
			throw new NotPrimary(this.deviceId, role, electionId);
		}
	}

	/** The check for a Write; an unset election id never matches. */
	public void requirePrimary(WriteRequest request) {
		requirePrimary(request.getRole(), request.hasElectionId() ? request.getElectionId() : null);
	}

	/**
	 * The check for a SetForwardingPipelineConfig; an unset election id never matches.
	 */
	public void requirePrimary(SetForwardingPipelineConfigRequest request) {
		requirePrimary(request.getRole(), request.hasElectionId() ? request.getElectionId() : null);
	}

	/** The highest election id seen for the role since this object was created. */
	public Optional<Uint128> highestElectionId(String role) {
		synchronized (this.lock) {
			RoleState state = this.roles.get(role);
			return Optional.ofNullable((state != null) ? state.highest : null);
		}
	}

	/** The primary's election id, empty while the role has no primary. */
	public Optional<Uint128> primaryElectionId(String role) {
		synchronized (this.lock) {
			RoleState state = this.roles.get(role);
			return Optional.ofNullable((state != null && state.primary != null) ? state.primary.electionId : null);
		}
	}

	/** Live streams of the role, observers included. */
	public int streamCount(String role) {
		synchronized (this.lock) {
			RoleState state = this.roles.get(role);
			return (state != null) ? state.streams.size() : 0;
		}
	}

	Object lock() {
		return this.lock;
	}

	boolean isPrimary(ArbitrationStream stream) {
		synchronized (this.lock) {
			RoleState state = stream.bound ? this.roles.get(stream.role) : null;
			return state != null && state.primary == stream;
		}
	}

	void arbitrate(ArbitrationStream stream, MasterArbitrationUpdate request) {
		synchronized (this.lock) {
			if (stream.closed) {
				throw new ArbitrationRejected(Status.Code.FAILED_PRECONDITION, "stream is closed");
			}
			String role = request.hasRole() ? request.getRole().getName() : "";
			Uint128 electionId = request.hasElectionId() ? request.getElectionId() : null;
			check(stream, request.getDeviceId(), role, electionId);
			RoleState state = this.roles.computeIfAbsent(role, (r) -> new RoleState());
			stream.bound = true;
			stream.role = role;
			stream.electionId = electionId;
			state.streams.add(stream);
			if (electionId != null && (state.highest == null || ElectionIds.isGreater(electionId, state.highest))) {
				state.highest = electionId;
			}
			if (!elect(role, state)) {
				stream.send(answer(role, state, stream));
			}
		}
	}

	void close(ArbitrationStream stream) {
		synchronized (this.lock) {
			if (stream.closed) {
				return;
			}
			stream.closed = true;
			if (!stream.bound) {
				return;
			}
			RoleState state = this.roles.get(stream.role);
			state.streams.remove(stream);
			// The role state stays: the highest id seen survives until a full restart.
			elect(stream.role, state);
		}
	}

	private void check(ArbitrationStream stream, long deviceId, String role, Uint128 electionId) {
		if (stream.bound && (deviceId != this.deviceId || !role.equals(stream.role))) {
			reject(stream, Status.Code.FAILED_PRECONDITION, "device_id and role cannot change on a live stream");
		}
		if (deviceId == 0) {
			reject(stream, Status.Code.INVALID_ARGUMENT, "device_id must be non-zero");
		}
		if (deviceId != this.deviceId) {
			reject(stream, Status.Code.NOT_FOUND, "unknown device_id " + Long.toUnsignedString(deviceId));
		}
		RoleState state = this.roles.get(role);
		if (electionId != null && state != null) {
			for (ArbitrationStream other : state.streams) {
				if (other != stream && other.electionId != null
						&& ElectionIds.compare(other.electionId, electionId) == 0) {
					reject(stream, Status.Code.INVALID_ARGUMENT,
							"election id " + ElectionIds.format(electionId) + " is used by another stream");
				}
			}
		}
	}

	private void reject(ArbitrationStream stream, Status.Code code, String reason) {
		close(stream);
		throw new ArbitrationRejected(code, reason + " (device " + Long.toUnsignedString(this.deviceId) + ")");
	}

	/** Recomputes the primary; if it changed, tells every stream and returns true. */
	private boolean elect(String role, RoleState state) {
		ArbitrationStream primary = null;
		for (ArbitrationStream candidate : state.streams) {
			if (candidate.electionId != null && ElectionIds.compare(candidate.electionId, state.highest) == 0) {
				primary = candidate;
			}
		}
		if (primary == state.primary) {
			return false;
		}
		state.primary = primary;
		logger.log(Level.INFO,
				() -> "device " + Long.toUnsignedString(this.deviceId) + " role '" + role + "': "
						+ ((state.primary != null)
								? "primary is election id " + ElectionIds.format(state.primary.electionId)
								: "no primary"));
		List<ArbitrationStream> everyone = new ArrayList<>(state.streams);
		for (ArbitrationStream stream : everyone) {
			deliver(stream, answer(role, state, stream));
		}
		return true;
	}

	private void deliver(ArbitrationStream stream, MasterArbitrationUpdate update) {
		try {
			stream.send(update);
		}
		catch (RuntimeException ex) {
			// A stream whose call just ended may refuse messages; its close() follows.
			logger.log(Level.DEBUG, () -> "device " + Long.toUnsignedString(this.deviceId)
					+ ": dropped arbitration update for a closing stream: " + ex);
		}
	}

	private MasterArbitrationUpdate answer(String role, RoleState state, ArbitrationStream stream) {
		Status.Code code;
		String message;
		if (state.primary == stream) {
			code = Status.Code.OK;
			message = "primary";
		}
		else if (state.primary != null) {
			code = Status.Code.ALREADY_EXISTS;
			message = "backup: another client is primary";
		}
		else {
			code = Status.Code.NOT_FOUND;
			message = "no primary";
		}
		MasterArbitrationUpdate.Builder update = MasterArbitrationUpdate.newBuilder()
			.setDeviceId(this.deviceId)
			.setStatus(com.google.rpc.Status.newBuilder().setCode(code.value()).setMessage(message));
		if (!role.isEmpty()) {
			update.setRole(Role.newBuilder().setName(role));
		}
		if (state.highest != null) {
			update.setElectionId(state.highest);
		}
		return update.build();
	}

	private static final class RoleState {

		private final Set<ArbitrationStream> streams = new LinkedHashSet<>();

		private Uint128 highest;

		private ArbitrationStream primary;

	}

}
