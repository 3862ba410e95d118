package io.sonde.emulator.run;

/** A switch name the running network does not have. */
public final class UnknownSwitch extends IllegalArgumentException {

	private final String name;

	public UnknownSwitch(String name, String network) {
		super("no switch named " + name + " in " + network);
		this.name = name;
	}

	public String name() {
		return this.name;
	}

}
