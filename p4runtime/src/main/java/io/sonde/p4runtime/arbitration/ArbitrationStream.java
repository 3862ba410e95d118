package io.sonde.p4runtime.arbitration;

import java.util.Optional;
import java.util.function.Consumer;

import p4.v1.MasterArbitrationUpdate;
import p4.v1.Uint128;

/**
 * One StreamChannel call as the {@link Arbitration} sees it. The server creates it when
 * the call starts, feeds it every MasterArbitrationUpdate the client sends, and closes it
 * when the call ends for any reason, so that a lost primary is noticed at once.
 */
public final class ArbitrationStream {

	private final Arbitration arbitration;

	private final Consumer<MasterArbitrationUpdate> sink;

	// Guarded by the Arbitration's lock.
	boolean bound;

	String role = "";

	Uint128 electionId;

	boolean closed;

	ArbitrationStream(Arbitration arbitration, Consumer<MasterArbitrationUpdate> sink) {
		this.arbitration = arbitration;
		this.sink = sink;
	}

	/**
	 * Applies an arbitration request received on this stream.
	 * @throws ArbitrationRejected if the server must end the stream with an error; the
	 * stream is closed by then
	 */
	public void arbitrate(MasterArbitrationUpdate request) {
		this.arbitration.arbitrate(this, request);
	}

	/** Ends the stream; if it was the primary, the role's other streams are told. */
	public void close() {
		this.arbitration.close(this);
	}

	public boolean isPrimary() {
		return this.arbitration.isPrimary(this);
	}

	/** The role this stream arbitrates for, empty before its first arbitration. */
	public Optional<String> role() {
		synchronized (this.arbitration.lock()) {
			return this.bound ? Optional.of(this.role) : Optional.empty();
		}
	}

	void send(MasterArbitrationUpdate update) {
		this.sink.accept(update);
	}

}
