package io.sonde.probes;

/** No session of that id in the history. */
public class ProbeSessionNotFound extends RuntimeException {

	private final String id;

	public ProbeSessionNotFound(String id) {
		super("no probe session " + id);
		this.id = id;
	}

	public String id() {
		return this.id;
	}

}
