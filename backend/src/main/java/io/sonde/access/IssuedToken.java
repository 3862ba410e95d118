package io.sonde.access;

/**
 * A token just issued: the only time its secret exists outside the caller's hands. Only
 * its SHA-256 is stored.
 */
public record IssuedToken(ApiToken token, String secret) {

	@Override
	public String toString() {
		return "IssuedToken[token=" + this.token + ", secret=<hidden>]";
	}

}
