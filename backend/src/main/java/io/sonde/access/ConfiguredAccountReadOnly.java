package io.sonde.access;

/**
 * The user or token comes from configuration (sonde.security.*): it changes only there,
 * so an admin cannot lock every admin out through the API.
 */
public class ConfiguredAccountReadOnly extends RuntimeException {

	public ConfiguredAccountReadOnly(String what) {
		super(what + " comes from configuration (sonde.security.*) and can only be changed there");
	}

}
