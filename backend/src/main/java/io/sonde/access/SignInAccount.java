package io.sonde.access;

/**
 * What sign-in checks a password against: the stored user's encoded hash
 * ({@code {bcrypt}$2a$...}) and role.
 */
public record SignInAccount(String username, String passwordHash, Role role) {

	@Override
	public String toString() {
		return "SignInAccount[username=" + this.username + ", role=" + this.role + "]";
	}

}
