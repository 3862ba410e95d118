package io.sonde.web.security;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * 401 and 403 for machine clients as RFC 9457 problem details, with the RFC 6750
 * {@code WWW-Authenticate: Bearer} challenge, so a script learns what to send instead of
 * receiving a login page.
 */
final class SecurityProblemResponses implements AuthenticationEntryPoint, AccessDeniedHandler {

	private static final String REALM = "Bearer realm=\"sonde\"";

	private final ObjectMapper json;

	SecurityProblemResponses(ObjectMapper json) {
		this.json = json;
	}

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
			throws IOException {
		if (failure instanceof InvalidBearerToken) {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, REALM + ", error=\"invalid_token\"");
			write(request, response, HttpStatus.UNAUTHORIZED, "The bearer token is not valid.");
		}
		else {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, REALM);
			write(request, response, HttpStatus.UNAUTHORIZED,
					"Authentication is required: send the header 'Authorization: Bearer <token>'.");
		}
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
			throws IOException {
		response.setHeader(HttpHeaders.WWW_AUTHENTICATE, REALM + ", error=\"insufficient_scope\"");
		write(request, response, HttpStatus.FORBIDDEN, "The roles of this caller do not allow this request.");
	}

	private void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
			throws IOException {
		Map<String, Object> problem = new LinkedHashMap<>();
		problem.put("type", "about:blank");
		problem.put("title", status.getReasonPhrase());
		problem.put("status", status.value());
		problem.put("detail", detail);
		problem.put("instance", request.getRequestURI());
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		this.json.writeValue(response.getOutputStream(), problem);
	}

}
