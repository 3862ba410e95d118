package io.sonde.emulator.run;

/**
 * A link reference that names no link, or more than one, of the running network; the
 * message says which and how links are named.
 */
public final class UnknownLink extends IllegalArgumentException {

	private final String reference;

	public UnknownLink(String reference, String why) {
		super(why);
		this.reference = reference;
	}

	/** The reference as given. */
	public String reference() {
		return this.reference;
	}

}
