package io.sonde.access;

/** No stored token has this id. */
public class TokenNotFound extends RuntimeException {

	private final String id;

	public TokenNotFound(String id) {
		super("no stored token has the id '" + id + "'");
		this.id = id;
	}

	public String id() {
		return this.id;
	}

}
