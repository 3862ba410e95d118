package io.sonde.web.security;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.access.AuditLog;
import io.sonde.access.LoginAttempts;
import jakarta.servlet.DispatcherType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.DelegatingAuthenticationEntryPoint;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Two ways in. Scripts use {@code /api/**} with a bearer token and no session or CSRF
 * (nothing to steal from a browser). People use everything else through a login form, a
 * session and CSRF protection. Both chains authorize by the one {@link RoleMatrix}, and
 * both write every state-changing request to the audit log (when the access module runs;
 * web slice tests run without it).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import(AccountsConfiguration.class)
public class SecurityConfiguration {

	/** Pages use no inline script or style, so nothing but our own origin is needed. */
	private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; object-src 'none'; base-uri 'self'; "
			+ "form-action 'self'; frame-ancestors 'none'";

	/**
	 * Endpoints that scripts call rather than people (including the dashboard's own
	 * scripts: the live feeds, the topology drawing, the charts' data): they get problem
	 * details, not pages, and are never where sign-in returns to.
	 */
	private static final RequestMatcher MACHINE_ENDPOINTS = new OrRequestMatcher(
			PathPatternRequestMatcher.withDefaults().matcher("/v3/api-docs/**"),
			PathPatternRequestMatcher.withDefaults().matcher("/actuator/**"),
			PathPatternRequestMatcher.withDefaults().matcher("/switches/live"),
			PathPatternRequestMatcher.withDefaults().matcher("/topology/graph"),
			PathPatternRequestMatcher.withDefaults().matcher("/topology/traffic"),
			PathPatternRequestMatcher.withDefaults().matcher("/events/live"),
			PathPatternRequestMatcher.withDefaults().matcher("/events/history"),
			PathPatternRequestMatcher.withDefaults().matcher("/metrics/*"),
			PathPatternRequestMatcher.withDefaults().matcher("/metrics/thresholds/*"),
			PathPatternRequestMatcher.withDefaults().matcher("/overview/pipeline"),
			PathPatternRequestMatcher.withDefaults().matcher("/probes/plans"),
			PathPatternRequestMatcher.withDefaults().matcher("/probes/sessions"),
			PathPatternRequestMatcher.withDefaults().matcher("/probes/live"),
			PathPatternRequestMatcher.withDefaults().matcher("/labeling/state"),
			PathPatternRequestMatcher.withDefaults().matcher("/labeling/live"),
			PathPatternRequestMatcher.withDefaults().matcher("/alerts/live"),
			PathPatternRequestMatcher.withDefaults().matcher("/alerts/state"));

	@Bean
	SecurityProblemResponses securityProblemResponses(ObjectMapper json) {
		return new SecurityProblemResponses(json);
	}

	@Bean
	@Order(1)
	SecurityFilterChain apiFilterChain(HttpSecurity http, ApiTokens tokens, SecurityProblemResponses problems,
			ObjectProvider<AuditLog> audit, ObjectProvider<Clock> clock) throws Exception {
		http.securityMatcher("/api/**")
			// An SSE stream ends with an async dispatch that carries no bearer
			// token: the request was authorized when it began, so the dispatches
			// that finish it pass.
			.authorizeHttpRequests((requests) -> {
				requests.dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR).permitAll();
				byRoleMatrix(requests);
			})
			.addFilterBefore(new BearerTokenAuthenticationFilter(tokens, problems), AnonymousAuthenticationFilter.class)
			.sessionManagement((sessions) -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.csrf(AbstractHttpConfigurer::disable)
			.requestCache(AbstractHttpConfigurer::disable)
			.formLogin(AbstractHttpConfigurer::disable)
			.httpBasic(AbstractHttpConfigurer::disable)
			.logout(AbstractHttpConfigurer::disable)
			.exceptionHandling((errors) -> errors.authenticationEntryPoint(problems).accessDeniedHandler(problems));
		audit.ifAvailable((log) -> http.addFilterAfter(new AuditTrailFilter(log, clockOf(clock)),
				SecurityContextHolderFilter.class));
		return http.build();
	}

	@Bean
	@Order(2)
	SecurityFilterChain dashboardFilterChain(HttpSecurity http, ApiTokens tokens, SecurityProblemResponses problems,
			ObjectProvider<AuditLog> audit, ObjectProvider<LoginAttempts> attempts, ObjectProvider<Clock> clock)
			throws Exception {
		http.authorizeHttpRequests((requests) -> {
			// Sign-in, static files, and the health status for all (load balancers);
			// health details only when signed in.
			requests.requestMatchers(RoleMatrix.PUBLIC_PATHS.toArray(String[]::new)).permitAll();
			byRoleMatrix(requests);
		})
			// API docs and actuator also serve scripts, which may send a token.
			.addFilterBefore(new BearerTokenAuthenticationFilter(tokens, problems), AnonymousAuthenticationFilter.class)
			.formLogin((login) -> login.loginPage("/login").defaultSuccessUrl("/", false))
			.logout((logout) -> logout.logoutSuccessUrl("/login?logout"))
			.exceptionHandling((errors) -> errors.authenticationEntryPoint(signInOrProblem(problems)))
			.requestCache((cache) -> cache.requestCache(pagesOnly()))
			.headers((headers) -> headers.contentSecurityPolicy((csp) -> csp.policyDirectives(CONTENT_SECURITY_POLICY)))
			.csrf(Customizer.withDefaults());
		audit.ifAvailable((log) -> {
			http.addFilterAfter(new AuditTrailFilter(log, clockOf(clock)), SecurityContextHolderFilter.class);
			attempts.ifAvailable((limits) -> http.addFilterBefore(new SignInGuardFilter(limits, log, clockOf(clock)),
					CsrfFilter.class));
		});
		return http.build();
	}

	/** The role matrix, row by row, first match wins (as {@link RoleMatrix} reads it). */
	private static void byRoleMatrix(
			AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry requests) {
		for (RoleMatrix.Entry entry : RoleMatrix.ENTRIES) {
			List<RequestMatcher> matchers = entry.methods()
				.stream()
				.<RequestMatcher>map(
						(method) -> PathPatternRequestMatcher.withDefaults().matcher(method.http(), entry.pattern()))
				.toList();
			requests.requestMatchers(new OrRequestMatcher(matchers)).hasAnyRole(RoleMatrix.rolesFrom(entry.minimum()));
		}
	}

	private static Clock clockOf(ObjectProvider<Clock> clock) {
		return clock.getIfAvailable(Clock::systemUTC);
	}

	/**
	 * Browsers are sent to the login page; machine endpoints answer 401 problem details.
	 */
	private static AuthenticationEntryPoint signInOrProblem(SecurityProblemResponses problems) {
		LinkedHashMap<RequestMatcher, AuthenticationEntryPoint> entryPoints = new LinkedHashMap<>();
		entryPoints.put(MACHINE_ENDPOINTS, problems);
		DelegatingAuthenticationEntryPoint entryPoint = new DelegatingAuthenticationEntryPoint(entryPoints);
		entryPoint.setDefaultEntryPoint(new LoginUrlAuthenticationEntryPoint("/login"));
		return entryPoint;
	}

	/**
	 * Remembers a refused page to return to it after sign-in; a refused machine endpoint
	 * is not remembered, so it opens no session.
	 */
	private static RequestCache pagesOnly() {
		HttpSessionRequestCache cache = new HttpSessionRequestCache();
		cache.setRequestMatcher(new NegatedRequestMatcher(MACHINE_ENDPOINTS));
		return cache;
	}

}
