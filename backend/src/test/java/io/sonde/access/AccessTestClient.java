package io.sonde.access;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.sonde.topology.ApiCaller;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Calls a running backend over HTTP as scripts (a bearer token of each role) and people
 * (a browser session with its CSRF token) do.
 */
final class AccessTestClient {

	static final String ADMIN_TOKEN = "admin-token-" + System.nanoTime() + "-0123456789abcdef";

	static final String OPERATOR_TOKEN = "operator-token-" + System.nanoTime() + "-0123456789abcdef";

	static final String VIEWER_TOKEN = "viewer-token-" + System.nanoTime() + "-0123456789abcdef";

	static final String ADMIN_NAME = "test-admin";

	static final String OPERATOR_NAME = "test-operator";

	static final String VIEWER_NAME = "test-viewer";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

	private final String base;

	private final HttpClient http;

	AccessTestClient(int port) {
		this.base = "http://127.0.0.1:" + port;
		this.http = HttpClient.newBuilder()
			.connectTimeout(Duration.ofSeconds(5))
			.cookieHandler(new CookieManager())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	static void registerTokens(DynamicPropertyRegistry properties) {
		register(properties, 0, ADMIN_NAME, ADMIN_TOKEN, "ADMIN");
		register(properties, 1, OPERATOR_NAME, OPERATOR_TOKEN, "OPERATOR");
		register(properties, 2, VIEWER_NAME, VIEWER_TOKEN, "VIEWER");
	}

	private static void register(DynamicPropertyRegistry properties, int index, String name, String token,
			String role) {
		String prefix = "sonde.security.api-tokens[" + index + "].";
		properties.add(prefix + "name", () -> name);
		properties.add(prefix + "sha256", () -> sha256(token));
		properties.add(prefix + "roles", () -> role);
	}

	static String sha256(String text) {
		try {
			return java.util.HexFormat.of()
				.formatHex(java.security.MessageDigest.getInstance("SHA-256")
					.digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (java.security.NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Any method; a JSON body when {@code body} is not null; no token when null. */
	HttpResponse<String> call(String method, String path, String contentType, String body, String token) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(ApiCaller.timeoutFor(path))
			.header("Accept", "application/json, application/problem+json");
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		if (body != null) {
			request.header("Content-Type", contentType);
			request.method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
		}
		else {
			request.method(method, HttpRequest.BodyPublishers.noBody());
		}
		return send(request.build());
	}

	HttpResponse<String> get(String path, String token) {
		return call("GET", path, null, null, token);
	}

	/** A page as the signed-in browser sees it. */
	HttpResponse<String> page(String path) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).timeout(Duration.ofSeconds(30)).GET().build());
	}

	/**
	 * Posts a form of the browser's session, with the CSRF token of the page it came
	 * from.
	 */
	HttpResponse<String> submit(String formPage, String action, String... fields) {
		String csrf = csrfOf(page(formPage).body());
		StringBuilder form = new StringBuilder("_csrf=").append(encode(csrf));
		for (int i = 0; i < fields.length; i += 2) {
			form.append('&').append(encode(fields[i])).append('=').append(encode(fields[i + 1]));
		}
		return send(HttpRequest.newBuilder(URI.create(this.base + action))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form.toString()))
			.build());
	}

	/** Signs in through the form; the answer is the redirect the form gives. */
	HttpResponse<String> signIn(String username, String password) {
		return submit("/login", "/login", "username", username, "password", password);
	}

	static String csrfOf(String html) {
		Matcher matcher = CSRF.matcher(html);
		if (!matcher.find()) {
			throw new AssertionError("no CSRF token in the page: " + html);
		}
		return matcher.group(1);
	}

	static JsonNode json(HttpResponse<String> response) {
		try {
			return JSON.readTree(response.body());
		}
		catch (IOException ex) {
			throw new AssertionError("not JSON (HTTP " + response.statusCode() + "): " + response.body(), ex);
		}
	}

	static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(request.method() + " " + request.uri() + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
