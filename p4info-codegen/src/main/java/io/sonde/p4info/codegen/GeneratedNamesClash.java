package io.sonde.p4info.codegen;

/**
 * Two P4 names, or a P4 name and one of the constants every object gets ({@code NAME},
 * {@code ID}, ...), map to the same Java name in one generated class.
 */
public class GeneratedNamesClash extends RuntimeException {

	private final String javaName;

	GeneratedNamesClash(String where, String javaName, String first, String second) {
		super(where + ": " + first + " and " + second + " both become " + javaName);
		this.javaName = javaName;
	}

	/** The Java name both would take. */
	public String javaName() {
		return this.javaName;
	}

}
