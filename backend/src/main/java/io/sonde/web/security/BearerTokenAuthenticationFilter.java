package io.sonde.web.security;

import java.io.IOException;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates {@code Authorization: Bearer <token>} against the configured API tokens
 * for this request only: nothing is stored in a session. A request without the header
 * passes on anonymous (authorization decides); a wrong token is refused at once.
 */
final class BearerTokenAuthenticationFilter extends OncePerRequestFilter {

	private static final String BEARER = "Bearer ";

	private final ApiTokens tokens;

	private final AuthenticationEntryPoint entryPoint;

	private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

	BearerTokenAuthenticationFilter(ApiTokens tokens, AuthenticationEntryPoint entryPoint) {
		this.tokens = tokens;
		this.entryPoint = entryPoint;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
			chain.doFilter(request, response);
			return;
		}
		Optional<Authentication> caller = this.tokens.authenticate(header.substring(BEARER.length()).trim());
		if (caller.isEmpty()) {
			this.contexts.clearContext();
			this.entryPoint.commence(request, response, new InvalidBearerToken());
			return;
		}
		SecurityContext context = this.contexts.createEmptyContext();
		context.setAuthentication(caller.get());
		this.contexts.setContext(context);
		chain.doFilter(request, response);
	}

}
