package io.sonde.web.security;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** The roles a user or token may hold, from most to least powerful. */
final class Roles {

	static final String ADMIN = "ADMIN";

	static final String OPERATOR = "OPERATOR";

	static final String VIEWER = "VIEWER";

	private Roles() {
	}

	/**
	 * Accepts "admin" and "ROLE_ADMIN" alike, so configuration need not know the prefix.
	 */
	static List<GrantedAuthority> authorities(Collection<String> roles) {
		return roles.stream()
			.map((role) -> role.trim().toUpperCase(Locale.ROOT))
			.map((role) -> role.startsWith("ROLE_") ? role : "ROLE_" + role)
			.<GrantedAuthority>map(SimpleGrantedAuthority::new)
			.toList();
	}

}
