package io.sonde.access;

import java.util.List;
import java.util.Optional;

/**
 * The read-only accounts and tokens from configuration, which the web module owns
 * (sonde.security.*). The directory lists them beside the stored ones and refuses to
 * create a stored user under a configured name.
 */
public interface ConfiguredAccounts {

	List<AccessUser> users();

	List<ApiToken> tokens();

	default Optional<AccessUser> user(String username) {
		return users().stream().filter((user) -> user.username().equals(username)).findFirst();
	}

}
