package io.sonde.web.security;

import java.util.List;

import io.sonde.access.AccessDirectory;

import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

/**
 * Who may sign in: configured accounts first (always there, even while Redis is down),
 * then the users stored through the access API.
 */
final class SignInAccounts implements UserDetailsService {

	private final UserDetailsService configured;

	private final AccessDirectory stored;

	/**
	 * @param stored null when the access module does not run
	 */
	SignInAccounts(UserDetailsService configured, AccessDirectory stored) {
		this.configured = configured;
		this.stored = stored;
	}

	@Override
	public UserDetails loadUserByUsername(String username) {
		try {
			return this.configured.loadUserByUsername(username);
		}
		catch (UsernameNotFoundException notConfigured) {
			if (this.stored == null) {
				throw notConfigured;
			}
			return this.stored.signInAccount(username)
				.map((account) -> User.withUsername(account.username())
					.password(account.passwordHash())
					.authorities(Roles.authorities(List.of(account.role().name())))
					.build())
				.orElseThrow(() -> notConfigured);
		}
	}

}
