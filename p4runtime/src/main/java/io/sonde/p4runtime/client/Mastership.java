package io.sonde.p4runtime.client;

import java.util.Optional;

import io.sonde.p4runtime.arbitration.ElectionIds;
import p4.v1.Uint128;

/**
 * What the switch last told this client about its role (spec §5.3): the status of the
 * latest MasterArbitrationUpdate, and the highest election id the switch has seen for the
 * role, which a backup must reach or beat to take over.
 *
 * @param state where the client stands
 * @param highestElectionId the highest election id the switch reported, {@code null}
 * before the first answer or if the switch has seen none
 * @param message the status message of the switch's answer, or why the stream ended
 */
public record Mastership(State state, Uint128 highestElectionId, String message) {

	/** Where a client stands. */
	public enum State {

		/** Stream opened, no answer yet. */
		PENDING,

		/** Status OK: this client is the primary. */
		PRIMARY,

		/** ALREADY_EXISTS: another client is primary. */
		BACKUP,

		/** NOT_FOUND: this client is not primary and neither is anyone else. */
		NO_PRIMARY,

		/** The stream ended: the switch went away or closed it. */
		DISCONNECTED

	}

	static final Mastership PENDING = new Mastership(State.PENDING, null, "waiting for the switch");

	public boolean isPrimary() {
		return this.state == State.PRIMARY;
	}

	public Optional<Uint128> highest() {
		return Optional.ofNullable(this.highestElectionId);
	}

	@Override
	public String toString() {
		return this.state
				+ ((this.highestElectionId != null)
						? " (highest election id " + ElectionIds.format(this.highestElectionId) + ")" : "")
				+ (this.message.isEmpty() ? "" : ": " + this.message);
	}

}
