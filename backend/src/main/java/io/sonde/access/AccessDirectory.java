package io.sonde.access;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Users and API tokens: the configured ones (read-only) and the stored ones (managed by
 * admins). Every change names its actor, who is written beside it.
 */
public interface AccessDirectory {

	/** Configured users first, then stored ones by name. */
	List<AccessUser> users();

	/**
	 * A stored user's password hash and role, for sign-in; empty if none or Redis is
	 * down.
	 */
	Optional<SignInAccount> signInAccount(String username);

	/**
	 * @throws AccessRequestRejected when a field is missing or malformed
	 * @throws UserAlreadyExists when the name is taken, stored or configured
	 */
	AccessUser createUser(String username, String password, Role role, String actor);

	/**
	 * Changes the role, the password, or both (a null leaves it as it is).
	 * @throws UserNotFound when no stored user has the name
	 * @throws ConfiguredAccountReadOnly when the user comes from configuration
	 */
	AccessUser updateUser(String username, Role role, String password, String actor);

	/**
	 * @throws UserNotFound when no stored user has the name
	 * @throws ConfiguredAccountReadOnly when the user comes from configuration
	 */
	void deleteUser(String username, String actor);

	/** Configured tokens first, then stored ones, newest first; revoked ones included. */
	List<ApiToken> tokens();

	/**
	 * Issues a token; its secret is in the answer and nowhere else.
	 * @param expiresAt null for a token that does not expire
	 */
	IssuedToken issueToken(String name, Role role, Instant expiresAt, String actor);

	/**
	 * @throws TokenNotFound when no stored token has the id
	 * @throws ConfiguredAccountReadOnly when the token comes from configuration
	 */
	ApiToken revokeToken(String id, String actor);

	/**
	 * The stored token a presented secret is, if it is active (not expired, not revoked);
	 * empty otherwise, and when Redis is down.
	 */
	Optional<ApiToken> authenticateToken(String presented);

}
