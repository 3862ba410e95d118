package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

import io.grpc.Status;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import p4.v1.CloneSessionEntry;
import p4.v1.Replica;

/**
 * The clone sessions of the packet replication engine (P4Runtime spec §9.5.2). The
 * P4Runtime side inserts, modifies, deletes and reads {@code CloneSessionEntry} messages
 * under the switch's lock, with the spec's codes: ALREADY_EXISTS for an INSERT of a
 * session that exists, NOT_FOUND for a MODIFY or DELETE of one that does not,
 * INVALID_ARGUMENT for session id 0 (reserved: a clone to it is no clone), a negative
 * truncation length, a replica without a port, a port beyond v1model's 9 bits, or the
 * same (port, instance) twice. The data plane reads an immutable map published after each
 * change, without a lock.
 */
final class CloneSessions {

	/** v1model ports are 9 bits ({@code standard_metadata.egress_spec}). */
	static final int MAX_PORT = 511;

	/** The entries as written (ports canonical), by session id, for reads. */
	private final Map<Integer, CloneSessionEntry> entries = new TreeMap<>(Integer::compareUnsigned);

	private volatile Map<Integer, CloneSession> published = Map.of();

	void insert(CloneSessionEntry entry) {
		CheckedSession checked = check(entry);
		if (this.entries.containsKey(entry.getSessionId())) {
			throw new EntityRejected(Status.Code.ALREADY_EXISTS,
					"clone session " + Integer.toUnsignedString(entry.getSessionId()) + " already exists");
		}
		this.entries.put(entry.getSessionId(), checked.entry());
		publish();
	}

	void modify(CloneSessionEntry entry) {
		CheckedSession checked = check(entry);
		requireExisting(entry.getSessionId());
		this.entries.put(entry.getSessionId(), checked.entry());
		publish();
	}

	/** A DELETE names the session by its id; the other fields are not looked at. */
	void delete(CloneSessionEntry entry) {
		requireSessionId(entry.getSessionId());
		requireExisting(entry.getSessionId());
		this.entries.remove(entry.getSessionId());
		publish();
	}

	/** Session id 0 reads every session; another id reads that one, if it exists. */
	void read(CloneSessionEntry filter, Consumer<CloneSessionEntry> sink) {
		if (filter.getSessionId() == 0) {
			this.entries.values().forEach(sink);
			return;
		}
		CloneSessionEntry entry = this.entries.get(filter.getSessionId());
		if (entry != null) {
			sink.accept(entry);
		}
	}

	/** The session as the data plane uses it, or null when it is not configured. */
	CloneSession lookup(int sessionId) {
		return this.published.get(sessionId);
	}

	void reset() {
		this.entries.clear();
		publish();
	}

	private void publish() {
		Map<Integer, CloneSession> sessions = new TreeMap<>(Integer::compareUnsigned);
		this.entries.forEach((id, entry) -> sessions.put(id, check(entry).session()));
		this.published = Map.copyOf(sessions);
	}

	private void requireExisting(int sessionId) {
		if (!this.entries.containsKey(sessionId)) {
			throw new EntityRejected(Status.Code.NOT_FOUND,
					"clone session " + Integer.toUnsignedString(sessionId) + " does not exist");
		}
	}

	private static void requireSessionId(int sessionId) {
		if (sessionId == 0) {
			throw EntityRejected.invalid("clone session id 0 is reserved: sessions are numbered from 1");
		}
	}

	/**
	 * An entry checked as §9.5.2 asks, its ports in canonical form, and its data-plane
	 * view.
	 */
	private record CheckedSession(CloneSessionEntry entry, CloneSession session) {
	}

	private static CheckedSession check(CloneSessionEntry entry) {
		requireSessionId(entry.getSessionId());
		if (entry.getPacketLengthBytes() < 0) {
			throw EntityRejected.invalid("clone session " + Integer.toUnsignedString(entry.getSessionId())
					+ ": packet_length_bytes cannot be negative: " + entry.getPacketLengthBytes());
		}
		CloneSessionEntry.Builder canonical = entry.toBuilder().clearReplicas();
		List<CloneSession.Replica> replicas = new ArrayList<>();
		Set<CloneSession.Replica> seen = new HashSet<>();
		for (Replica replica : entry.getReplicasList()) {
			int port = port(entry.getSessionId(), replica);
			CloneSession.Replica copy = new CloneSession.Replica(port, replica.getInstance());
			if (!seen.add(copy)) {
				throw EntityRejected.invalid("clone session " + Integer.toUnsignedString(entry.getSessionId())
						+ ": replica (port " + port + ", instance " + replica.getInstance() + ") is given twice");
			}
			replicas.add(copy);
			canonical.addReplicas(replica.hasPort()
					? replica.toBuilder().setPort(Bytestrings.encode(port, Integer.SIZE)).build() : replica);
		}
		return new CheckedSession(canonical.build(), new CloneSession(entry.getSessionId(), replicas,
				entry.getClassOfService(), entry.getPacketLengthBytes()));
	}

	/** The replica's port, written either way P4Runtime 1.4 allows (§9.5). */
	@SuppressWarnings("deprecation")
	private static int port(int sessionId, Replica replica) {
		long port;
		switch (replica.getPortKindCase()) {
			case EGRESS_PORT -> port = Integer.toUnsignedLong(replica.getEgressPort());
			case PORT -> {
				try {
					port = Bytestrings.toLong(Bytestrings.canonicalize(replica.getPort(), Integer.SIZE));
				}
				catch (BytestringRejected ex) {
					throw EntityRejected.invalid("clone session " + Integer.toUnsignedString(sessionId)
							+ ": replica port is not a port: " + ex.getMessage());
				}
			}
			default -> throw EntityRejected
				.invalid("clone session " + Integer.toUnsignedString(sessionId) + ": a replica needs a port");
		}
		if (port > MAX_PORT) {
			throw EntityRejected.invalid("clone session " + Integer.toUnsignedString(sessionId) + ": replica port "
					+ port + " is not a port of this switch (ports are 0.." + MAX_PORT + ")");
		}
		return (int) port;
	}

}
