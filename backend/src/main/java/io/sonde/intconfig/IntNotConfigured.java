package io.sonde.intconfig;

/** A removal asked for while no switch has an INT role: there is nothing to remove. */
public class IntNotConfigured extends RuntimeException {

	public IntNotConfigured(String message) {
		super(message);
	}

}
