package io.sonde.access;

/** A user, stored or configured, already has this name. */
public class UserAlreadyExists extends RuntimeException {

	private final String username;

	public UserAlreadyExists(String username) {
		super("a user named '" + username + "' already exists");
		this.username = username;
	}

	public String username() {
		return this.username;
	}

}
