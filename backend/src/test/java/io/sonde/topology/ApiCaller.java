package io.sonde.topology;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Calls the running backend's API as a script would: over HTTP on 127.0.0.1 with a bearer
 * token of the admin, operator or viewer role, all registered by {@link #registerTokens}.
 */
public final class ApiCaller {

	public static final String OPERATOR_TOKEN = "operator-token-" + System.nanoTime() + "-0123456789abcdef";

	public static final String VIEWER_TOKEN = "viewer-token-" + System.nanoTime() + "-0123456789abcdef";

	/**
	 * For what the role matrix keeps to admins (users, tokens, webhook subscriptions).
	 */
	public static final String ADMIN_TOKEN = "admin-token-" + System.nanoTime() + "-0123456789abcdef";

	/** The configured name of the operator token: imports say they came from it. */
	public static final String OPERATOR_TOKEN_NAME = "test-operator";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static final String API_DOCS = "/v3/api-docs";

	/**
	 * Springdoc builds the OpenAPI document on its first request, scanning every
	 * controller: on a loaded 2-core host that once took over 30 s.
	 */
	private static final Duration API_DOCS_TIMEOUT = Duration.ofSeconds(120);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String base;

	public ApiCaller(int port) {
		this.base = "http://127.0.0.1:" + port;
	}

	/** Configuration is known by the SHA-256 of a token only, never the token. */
	public static void registerTokens(DynamicPropertyRegistry properties) {
		properties.add("sonde.security.api-tokens[0].name", () -> OPERATOR_TOKEN_NAME);
		properties.add("sonde.security.api-tokens[0].sha256", () -> sha256Hex(OPERATOR_TOKEN));
		properties.add("sonde.security.api-tokens[0].roles", () -> "OPERATOR");
		properties.add("sonde.security.api-tokens[1].name", () -> "test-viewer");
		properties.add("sonde.security.api-tokens[1].sha256", () -> sha256Hex(VIEWER_TOKEN));
		properties.add("sonde.security.api-tokens[1].roles", () -> "VIEWER");
		properties.add("sonde.security.api-tokens[2].name", () -> "test-admin");
		properties.add("sonde.security.api-tokens[2].sha256", () -> sha256Hex(ADMIN_TOKEN));
		properties.add("sonde.security.api-tokens[2].roles", () -> "ADMIN");
	}

	public HttpResponse<String> get(String path, String token) {
		return send(request(path, token).GET().build());
	}

	/** Posts a JSON body; a null token sends none. */
	public HttpResponse<String> postJson(String path, String body, String token) {
		return send(request(path, token).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
			.build());
	}

	/** Posts a body of any content type; a null token sends none. */
	public HttpResponse<String> post(String path, String contentType, String body, String token) {
		return send(request(path, token).header("Content-Type", contentType)
			.POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
			.build());
	}

	/** Puts a JSON body; a null token sends none. */
	public HttpResponse<String> putJson(String path, String body, String token) {
		return send(request(path, token).header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
			.build());
	}

	/** Deletes; a null token sends none. */
	public HttpResponse<String> delete(String path, String token) {
		return send(request(path, token).DELETE().build());
	}

	public static JsonNode json(HttpResponse<String> response) {
		try {
			return JSON.readTree(response.body());
		}
		catch (IOException ex) {
			throw new AssertionError("not JSON (HTTP " + response.statusCode() + "): " + response.body(), ex);
		}
	}

	public static String sha256Hex(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JVM has SHA-256", ex);
		}
	}

	/** How long a test waits for the answer to a request for {@code path}. */
	public static Duration timeoutFor(String path) {
		return path.startsWith(API_DOCS) ? API_DOCS_TIMEOUT : TIMEOUT;
	}

	private HttpRequest.Builder request(String path, String token) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(timeoutFor(path))
			.header("Accept", "application/json, application/problem+json");
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return request;
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
