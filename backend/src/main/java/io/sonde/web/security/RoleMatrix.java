package io.sonde.web.security;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import io.sonde.access.Role;

import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Who may call what: THE table of (methods, path pattern) -> minimum role, read top to
 * bottom, first match wins. Both filter chains are built from it
 * ({@link SecurityConfiguration}), the OpenAPI description carries each operation's
 * minimum role from it ({@code x-sonde-minimum-role}), and docs/OPERATIONS.md prints it
 * ({@link #markdown()}; a test keeps the two equal). A role includes the ones below it.
 */
public final class RoleMatrix {

	/**
	 * Reached without signing in (the sign-in page itself, static files, health status).
	 */
	public static final List<String> PUBLIC_PATHS = List.of("/login", "/css/**", "/js/**", "/webjars/**",
			"/favicon.ico", "/favicon.svg", "/error", "/actuator/health", "/actuator/health/**");

	private static final Set<Method> READS = EnumSet.of(Method.GET, Method.HEAD, Method.OPTIONS);

	private static final Set<Method> MUTATIONS = EnumSet.of(Method.POST, Method.PUT, Method.PATCH, Method.DELETE);

	private static final Set<Method> ANY = EnumSet.allOf(Method.class);

	public static final List<Entry> ENTRIES = List.of(
			new Entry(ANY, "/api/v1/access/**", Role.ADMIN, "users, API tokens and the audit log"),
			new Entry(EnumSet.of(Method.POST), "/api/v1/webhooks/subscriptions", Role.ADMIN,
					"a subscription chooses where alerts go"),
			new Entry(EnumSet.of(Method.PUT, Method.PATCH, Method.DELETE), "/api/v1/webhooks/subscriptions/*",
					Role.ADMIN, "a subscription chooses where alerts go"),
			new Entry(EnumSet.of(Method.POST), "/api/v1/webhooks/subscriptions/*/secret", Role.ADMIN,
					"rotating a webhook secret"),
			new Entry(MUTATIONS, "/settings/**", Role.ADMIN, "the Settings page's users and tokens"),
			new Entry(MUTATIONS, "/alerts/subscriptions/**", Role.ADMIN, "the Alerts page's subscriptions"),
			new Entry(EnumSet.of(Method.POST), "/logout", Role.VIEWER, "anyone signed in may sign out"),
			new Entry(READS, "/**", Role.VIEWER, "default: reading"),
			new Entry(ANY, "/**", Role.OPERATOR, "default: changing anything"));

	private RoleMatrix() {
	}

	/** The minimum role for a request, by the first entry that matches. */
	public static Role minimumRole(String method, String path) {
		return entryFor(method, path).minimum();
	}

	public static Entry entryFor(String method, String path) {
		Method parsed = Method.valueOf(method.toUpperCase(Locale.ROOT));
		PathContainer container = PathContainer.parsePath(path);
		for (Entry entry : ENTRIES) {
			if (entry.methods().contains(parsed) && entry.pathPattern().matches(container)) {
				return entry;
			}
		}
		throw new IllegalStateException("the role matrix ends with a catch-all entry");
	}

	/**
	 * Every role at least as powerful as {@code minimum}, as Spring Security names them.
	 */
	static String[] rolesFrom(Role minimum) {
		return java.util.Arrays.stream(Role.values())
			.filter((role) -> role.allows(minimum))
			.map(Role::name)
			.toArray(String[]::new);
	}

	/** The table as docs/OPERATIONS.md prints it. */
	public static String markdown() {
		StringBuilder table = new StringBuilder("| methods | path | minimum role | why |\n|---|---|---|---|\n");
		for (Entry entry : ENTRIES) {
			table.append("| ")
				.append(entry.methodsText())
				.append(" | `")
				.append(entry.pattern())
				.append("` | ")
				.append(entry.minimum())
				.append(" | ")
				.append(entry.why())
				.append(" |\n");
		}
		return table.toString();
	}

	/** The HTTP methods a rule may name (HttpMethod is not an enum). */
	public enum Method {

		GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE;

		HttpMethod http() {
			return HttpMethod.valueOf(name());
		}

	}

	/**
	 * One row.
	 *
	 * @param methods the methods it covers
	 * @param pattern a Spring path pattern ({@code *} one segment, {@code **} any rest)
	 * @param minimum the least role allowed
	 * @param why what the row protects
	 */
	public record Entry(Set<Method> methods, String pattern, Role minimum, String why) {

		private static final PathPatternParser PARSER = new PathPatternParser();

		public Entry {
			methods = Set.copyOf(methods);
		}

		PathPattern pathPattern() {
			return PARSER.parse(this.pattern);
		}

		String methodsText() {
			if (this.methods.equals(ANY)) {
				return "any";
			}
			return EnumSet.copyOf(this.methods).stream().map(Method::name).collect(Collectors.joining(", "));
		}

	}

}
