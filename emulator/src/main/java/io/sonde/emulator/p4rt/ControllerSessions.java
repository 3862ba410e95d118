package io.sonde.emulator.p4rt;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.grpc.Status;
import io.sonde.p4runtime.arbitration.Arbitration;

/**
 * The controllers connected to one switch since its last (re)start: the arbitration state
 * and the live StreamChannel calls. A restart replaces the whole object, which is how the
 * highest election id seen is forgotten only on a full restart (spec §5.3).
 */
final class ControllerSessions {

	private final Arbitration arbitration;

	private final Set<StreamSession> live = ConcurrentHashMap.newKeySet();

	ControllerSessions(long deviceId) {
		this.arbitration = new Arbitration(deviceId);
	}

	Arbitration arbitration() {
		return this.arbitration;
	}

	void add(StreamSession session) {
		this.live.add(session);
	}

	void remove(StreamSession session) {
		this.live.remove(session);
	}

	/** Streams whose controller is primary for its role: the ones packet-ins go to. */
	List<StreamSession> primaries() {
		return this.live.stream().filter(StreamSession::isPrimary).toList();
	}

	int size() {
		return this.live.size();
	}

	/** Ends every stream with {@code status}, as a switch going down does. */
	void endAll(Status status) {
		for (StreamSession session : List.copyOf(this.live)) {
			session.end(status);
		}
		this.live.clear();
	}

}
