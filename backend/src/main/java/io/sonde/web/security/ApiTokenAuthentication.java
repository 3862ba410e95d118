package io.sonde.web.security;

import java.util.Collection;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

/**
 * A caller authenticated by an API token; its principal is the token's configured name.
 */
final class ApiTokenAuthentication extends AbstractAuthenticationToken {

	private final String tokenName;

	ApiTokenAuthentication(String tokenName, Collection<? extends GrantedAuthority> authorities) {
		super(authorities);
		this.tokenName = tokenName;
		setAuthenticated(true);
	}

	@Override
	public Object getPrincipal() {
		return this.tokenName;
	}

	/** The token itself is never kept. */
	@Override
	public Object getCredentials() {
		return null;
	}

}
