package io.sonde.emulator.provision;

/**
 * A switch the emulator's controller could not configure: unreachable, not made primary,
 * its pipeline refused, or some of its updates refused. The message names the switch and
 * says what failed; the cause is the P4Runtime client's typed failure.
 */
public class SwitchNotProvisioned extends RuntimeException {

	private final String switchName;

	public SwitchNotProvisioned(String switchName, String step, RuntimeException cause) {
		super("cannot provision " + switchName + " (" + step + "): " + cause.getMessage(), cause);
		this.switchName = switchName;
	}

	public String switchName() {
		return this.switchName;
	}

}
