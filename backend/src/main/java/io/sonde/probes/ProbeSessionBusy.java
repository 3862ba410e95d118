package io.sonde.probes;

/**
 * A session is running already, on this replica or another (they share one lease in
 * Redis), so no other starts.
 */
public class ProbeSessionBusy extends RuntimeException {

	private final String holder;

	public ProbeSessionBusy(String holder) {
		super("a probe session is running already (" + holder + ")");
		this.holder = holder;
	}

	/** Who holds the lease: {@code replica/session}. */
	public String holder() {
		return this.holder;
	}

}
