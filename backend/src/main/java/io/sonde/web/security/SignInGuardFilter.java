package io.sonde.web.security;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import io.sonde.access.AuditLog;
import io.sonde.access.AuditOutcome;
import io.sonde.access.AuditRecord;
import io.sonde.access.LoginAttempts;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Around the sign-in form's POST: refuses at once, without checking the password, while
 * the username or the address is locked out by {@link LoginAttempts} (back to
 * {@code /login?blocked=<minutes>}), counts failures, and writes every attempt to the
 * audit log (via LOGIN, the username tried as the actor).
 */
final class SignInGuardFilter extends OncePerRequestFilter {

	static final String SIGN_IN = "/login";

	private final LoginAttempts attempts;

	private final AuditLog audit;

	private final Clock clock;

	SignInGuardFilter(LoginAttempts attempts, AuditLog audit, Clock clock) {
		this.attempts = attempts;
		this.audit = audit;
		this.clock = clock;
	}

	static boolean isSignIn(HttpServletRequest request) {
		return "POST".equals(request.getMethod()) && SIGN_IN.equals(request.getServletPath());
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !isSignIn(request);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String username = Optional.ofNullable(request.getParameter("username")).orElse("");
		String address = request.getRemoteAddr();
		Optional<Duration> blocked = this.attempts.blockedFor(username, address);
		if (blocked.isPresent()) {
			long minutes = Math.max(1, (blocked.get().toSeconds() + 59) / 60);
			record(request, username, 429, AuditOutcome.DENIED);
			response.sendRedirect(request.getContextPath() + SIGN_IN + "?blocked=" + minutes);
			return;
		}
		chain.doFilter(request, response);
		if (signedInAs(username)) {
			this.attempts.succeeded(username, address);
			record(request, username, response.getStatus(), AuditOutcome.ALLOWED);
		}
		else {
			this.attempts.failed(username, address);
			record(request, username, 401, AuditOutcome.FAILED);
		}
	}

	private static boolean signedInAs(String username) {
		Authentication caller = SecurityContextHolder.getContext().getAuthentication();
		return caller != null && !(caller instanceof AnonymousAuthenticationToken) && caller.isAuthenticated()
				&& caller.getName().equals(username);
	}

	private void record(HttpServletRequest request, String username, int status, AuditOutcome outcome) {
		this.audit.record(new AuditRecord(null, this.clock.instant(), username.isEmpty() ? "anonymous" : username,
				AuditRecord.VIA_LOGIN, request.getMethod(), SIGN_IN, request.getRemoteAddr(), status, outcome));
	}

}
