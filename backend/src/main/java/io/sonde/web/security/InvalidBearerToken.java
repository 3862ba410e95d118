package io.sonde.web.security;

import org.springframework.security.core.AuthenticationException;

/** A request presented a bearer token that matches no configured token. */
final class InvalidBearerToken extends AuthenticationException {

	InvalidBearerToken() {
		super("The bearer token is not valid");
	}

}
