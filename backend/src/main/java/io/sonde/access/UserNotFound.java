package io.sonde.access;

/** No stored user has this name. */
public class UserNotFound extends RuntimeException {

	private final String username;

	public UserNotFound(String username) {
		super("no stored user is named '" + username + "'");
		this.username = username;
	}

	public String username() {
		return this.username;
	}

}
