package io.sonde.web.security;

import java.io.IOException;
import java.time.Clock;
import java.util.Set;

import io.sonde.access.AuditLog;
import io.sonde.access.AuditOutcome;
import io.sonde.access.AuditRecord;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Writes an audit record for every state-changing request once it is answered, refused
 * ones included: it sits before authentication and authorization, so a bad token, a
 * missing CSRF token or a too-small role is recorded with its 401 or 403. Sign-in is
 * recorded by {@link SignInGuardFilter}, which knows whether it succeeded.
 */
final class AuditTrailFilter extends OncePerRequestFilter {

	static final String ANONYMOUS = "anonymous";

	private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

	private final AuditLog audit;

	private final Clock clock;

	AuditTrailFilter(AuditLog audit, Clock clock) {
		this.audit = audit;
		this.clock = clock;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return READS.contains(request.getMethod()) || SignInGuardFilter.isSignIn(request);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		boolean failed = true;
		try {
			chain.doFilter(request, response);
			failed = false;
		}
		finally {
			// An exception leaves the status unset: the container answers 500.
			int status = failed ? 500 : response.getStatus();
			this.audit.record(new AuditRecord(null, this.clock.instant(), actor(), via(request), request.getMethod(),
					request.getRequestURI(), request.getRemoteAddr(), status, AuditOutcome.ofStatus(status)));
		}
	}

	private static String actor() {
		Authentication caller = SecurityContextHolder.getContext().getAuthentication();
		if (caller == null || caller instanceof AnonymousAuthenticationToken) {
			return ANONYMOUS;
		}
		return caller.getName();
	}

	private static String via(HttpServletRequest request) {
		return request.getRequestURI().startsWith("/api/") ? AuditRecord.VIA_API : AuditRecord.VIA_DASHBOARD;
	}

}
