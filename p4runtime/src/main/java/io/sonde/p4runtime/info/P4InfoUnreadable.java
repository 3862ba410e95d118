package io.sonde.p4runtime.info;

/** A P4Info file or resource that could not be read or parsed. */
public class P4InfoUnreadable extends RuntimeException {

	private final String source;

	public P4InfoUnreadable(String source, Throwable cause) {
		super("cannot read P4Info from " + source + ": " + cause.getMessage(), cause);
		this.source = source;
	}

	/** The path or classpath resource. */
	public String source() {
		return this.source;
	}

}
