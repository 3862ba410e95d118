package io.sonde.access;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.sonde.access.AccessTestClient.ADMIN_TOKEN;
import static io.sonde.access.AccessTestClient.OPERATOR_TOKEN;
import static io.sonde.access.AccessTestClient.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Users and tokens through the API of a running backend on its own Redis: a token is
 * shown once and stored as its SHA-256 only, works for its role, and is refused once
 * revoked or expired; a stored user signs in through the form, changes role, and cannot
 * sign in once deleted; configured accounts are read-only; bad input names the field;
 * repeated wrong passwords lock sign-in even for the right one, and every attempt is in
 * the audit log.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AccessApiIntegrationTests extends SharedAccessContext {

	@LocalServerPort
	int port;

	@Autowired
	StringRedisTemplate redisTemplate;

	private AccessTestClient client;

	@BeforeEach
	void client() {
		this.client = new AccessTestClient(this.port);
	}

	@Test
	@Order(1)
	void aTokenIsShownOnceStoredHashedWorksForItsRoleAndIsRefusedOnceRevoked() {
		HttpResponse<String> issued = post("/api/v1/access/tokens", "{\"name\":\"grafana\",\"role\":\"viewer\"}");
		assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
		String secret = json(issued).path("secret").asText();
		String id = json(issued).path("token").path("id").asText();
		assertThat(secret).startsWith("sonde_").hasSizeGreaterThan(40);
		assertThat(json(issued).path("token").path("role").asText()).isEqualTo("viewer");

		HttpResponse<String> listed = this.client.get("/api/v1/access/tokens", ADMIN_TOKEN);
		assertThat(listed.body()).contains(id).doesNotContain(secret).doesNotContain(AccessTestClient.sha256(secret));
		Map<Object, Object> stored = this.redisTemplate.opsForHash().entries("sonde:access:tokens");
		assertThat(stored.toString()).contains(AccessTestClient.sha256(secret)).doesNotContain(secret);
		assertThat(this.redisTemplate.opsForHash().hasKey("sonde:access:token-hashes", AccessTestClient.sha256(secret)))
			.isTrue();

		assertThat(this.client.get("/api/v1/system", secret).statusCode()).isEqualTo(200);
		assertThat(this.client.call("POST", "/api/v1/access/tokens", "application/json", "{}", secret).statusCode())
			.isEqualTo(403);
		JsonNode used = tokenListed(id);
		assertThat(used.path("lastUsedAt").isTextual()).as(used.toString()).isTrue();

		HttpResponse<String> revoked = this.client.call("DELETE", "/api/v1/access/tokens/" + id, null, null,
				ADMIN_TOKEN);
		assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
		assertThat(json(revoked).path("revokedAt").isTextual()).isTrue();
		HttpResponse<String> refused = this.client.get("/api/v1/system", secret);
		assertThat(refused.statusCode()).isEqualTo(401);
		assertThat(refused.headers().firstValue("WWW-Authenticate"))
			.hasValueSatisfying((challenge) -> assertThat(challenge).contains("invalid_token"));
	}

	@Test
	@Order(2)
	void anExpiredTokenIsRefused() {
		Instant soon = Instant.now().plusSeconds(2);
		HttpResponse<String> issued = post("/api/v1/access/tokens",
				"{\"name\":\"short\",\"role\":\"operator\",\"expiresAt\":\"" + soon + "\"}");
		assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
		String secret = json(issued).path("secret").asText();
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> assertThat(this.client.get("/api/v1/system", secret).statusCode()).isEqualTo(401));
		assertThat(Instant.now()).isAfterOrEqualTo(soon);
	}

	@Test
	@Order(3)
	void badTokenAndUserRequestsNameTheField() {
		assertBadField(post("/api/v1/access/tokens", "{\"role\":\"viewer\"}"), "name");
		assertBadField(post("/api/v1/access/tokens", "{\"name\":\"x\"}"), "role");
		assertBadField(post("/api/v1/access/tokens",
				"{\"name\":\"x\",\"role\":\"viewer\",\"expiresAt\":\"2001-01-01T00:00:00Z\"}"), "expiresAt");
		assertBadField(post("/api/v1/access/users", "{\"username\":\"ok\",\"password\":\"short\",\"role\":\"viewer\"}"),
				"password");
		assertBadField(
				post("/api/v1/access/users",
						"{\"username\":\" bad name\",\"password\":\"" + PASSWORD + "\",\"role\":\"viewer\"}"),
				"username");
		HttpResponse<String> badRole = post("/api/v1/access/users",
				"{\"username\":\"ok\",\"password\":\"" + PASSWORD + "\",\"role\":\"root\"}");
		assertThat(badRole.statusCode()).as(badRole.body()).isEqualTo(400);
		assertThat(json(badRole).path("field").asText()).isEqualTo("role");
		assertThat(this.client.get("/api/v1/access/audit?limit=0", ADMIN_TOKEN).statusCode()).isEqualTo(400);
	}

	@Test
	@Order(4)
	void aStoredUserSignsInChangesRoleAndCannotSignInOnceDeleted() {
		HttpResponse<String> created = post("/api/v1/access/users",
				"{\"username\":\"olga\",\"password\":\"" + PASSWORD + "\",\"role\":\"operator\"}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(created.body()).doesNotContain(PASSWORD).doesNotContain("passwordHash");
		assertThat(this.redisTemplate.opsForHash().get("sonde:access:users", "olga").toString()).contains("{bcrypt}")
			.doesNotContain(PASSWORD);
		assertThat(post("/api/v1/access/users",
				"{\"username\":\"olga\",\"password\":\"" + PASSWORD + "\",\"role\":\"viewer\"}")
			.statusCode()).isEqualTo(409);

		HttpResponse<String> signedIn = this.client.signIn("olga", PASSWORD);
		assertThat(signedIn.headers().firstValue("Location"))
			.hasValueSatisfying((location) -> assertThat(location).doesNotContain("error").doesNotContain("blocked"));

		HttpResponse<String> changed = this.client.call("PUT", "/api/v1/access/users/olga", "application/json",
				"{\"role\":\"admin\"}", ADMIN_TOKEN);
		assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
		assertThat(json(changed).path("role").asText()).isEqualTo("admin");

		assertThat(this.client.call("DELETE", "/api/v1/access/users/olga", null, null, ADMIN_TOKEN).statusCode())
			.isEqualTo(204);
		assertThat(this.client.call("DELETE", "/api/v1/access/users/olga", null, null, ADMIN_TOKEN).statusCode())
			.isEqualTo(404);
		assertThat(new AccessTestClient(this.port).signIn("olga", PASSWORD).headers().firstValue("Location"))
			.hasValueSatisfying((location) -> assertThat(location).contains("/login?error"));
	}

	@Test
	@Order(5)
	void configuredAccountsAreListedAndReadOnly() {
		HttpResponse<String> tokens = this.client.get("/api/v1/access/tokens", ADMIN_TOKEN);
		assertThat(tokens.body()).contains("\"name\":\"test-operator\"").contains("CONFIGURATION");
		HttpResponse<String> revoke = this.client.call("DELETE", "/api/v1/access/tokens/configured:test-operator", null,
				null, ADMIN_TOKEN);
		assertThat(revoke.statusCode()).as(revoke.body()).isEqualTo(409);
		assertThat(this.client.get("/api/v1/system", OPERATOR_TOKEN).statusCode()).isEqualTo(200);
	}

	@Test
	@Order(6)
	void theSettingsPageLetsAnAdminCreateAUserIssueATokenShownOnceAndRevokeIt() {
		signIn(this.client, "root-admin");
		HttpResponse<String> page = this.client.page("/settings");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"users\"", "id=\"tokens\"", "id=\"audit\"", "id=\"collectors\"",
				"/metrics#thresholds", "root-admin", "configuration (read-only)", "<dialog id=\"confirm-dialog\"");

		HttpResponse<String> created = this.client.submit("/settings", "/settings/users", "username", "paul",
				"password", PASSWORD, "role", "viewer");
		assertThat(created.statusCode()).isEqualTo(302);
		assertThat(this.client.page("/settings").body()).contains("User &#39;paul&#39; created.")
			.contains("data-user=\"paul\"");
		assertThat(this.client
			.submit("/settings", "/settings/users", "username", "paul2", "password", "short", "role", "viewer")
			.statusCode()).isEqualTo(302);
		assertThat(this.client.page("/settings").body()).contains("password: must be at least 12 characters");

		this.client.submit("/settings", "/settings/tokens", "name", "from-the-page", "role", "operator",
				"expiresInDays", "7");
		String shown = this.client.page("/settings").body();
		String secret = shown.replaceFirst("(?s).*id=\"issued-secret\">([^<]+)<.*", "$1");
		assertThat(secret).startsWith("sonde_");
		assertThat(this.client.page("/settings").body()).doesNotContain(secret);
		assertThat(this.client.call("POST", "/api/v1/system", null, null, secret).statusCode()).isNotIn(401, 403);

		String id = json(this.client.get("/api/v1/access/tokens", ADMIN_TOKEN)).findParents("name")
			.stream()
			.filter((token) -> token.path("name").asText().equals("from-the-page"))
			.findFirst()
			.orElseThrow()
			.path("id")
			.asText();
		this.client.submit("/settings", "/settings/tokens/" + id + "/revoke");
		assertThat(this.client.get("/api/v1/system", secret).statusCode()).isEqualTo(401);
		this.client.submit("/settings", "/settings/users/paul/delete");
		assertThat(this.client.page("/settings").body()).doesNotContain("data-user=\"paul\"");

		JsonNode records = json(this.client.get("/api/v1/access/audit?actor=root-admin&path=/settings/", ADMIN_TOKEN))
			.path("records");
		assertThat(records.findValuesAsText("via")).containsOnly("DASHBOARD");
		assertThat(records.findValuesAsText("path")).contains("/settings/users", "/settings/tokens",
				"/settings/tokens/" + id + "/revoke", "/settings/users/paul/delete");
	}

	@Test
	@Order(7)
	void aViewerSeesNoAccessControlsAndIsRefusedAndAuditedWhenPostingAnyway() {
		signIn(this.client, "vera");
		HttpResponse<String> page = this.client.page("/settings");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"admins-only\"", "id=\"collectors\"")
			.doesNotContain("id=\"users\"", "id=\"tokens\"", "id=\"audit\"", "/settings/users", "/settings/tokens");
		HttpResponse<String> refused = this.client.submit("/settings", "/settings/users", "username", "sneaky",
				"password", PASSWORD, "role", "admin");
		assertThat(refused.statusCode()).isEqualTo(403);
		assertThat(this.client.get("/api/v1/access/users", ADMIN_TOKEN).body()).doesNotContain("sneaky");
		JsonNode records = json(this.client.get("/api/v1/access/audit?actor=vera&path=/settings/users", ADMIN_TOKEN))
			.path("records");
		assertThat(records.size()).isEqualTo(1);
		assertThat(records.get(0).path("outcome").asText()).isEqualTo("DENIED");
		assertThat(records.get(0).path("status").asInt()).isEqualTo(403);
	}

	@Test
	@Order(9)
	void repeatedWrongPasswordsLockSignInEvenForTheRightOneAndEveryAttemptIsAudited() {
		post("/api/v1/access/users",
				"{\"username\":\"mallory\",\"password\":\"" + PASSWORD + "\",\"role\":\"viewer\"}");
		for (int attempt = 0; attempt < 3; attempt++) {
			assertThat(this.client.signIn("mallory", "wrong password " + attempt).headers().firstValue("Location"))
				.hasValueSatisfying((location) -> assertThat(location).contains("/login?"));
		}
		HttpResponse<String> locked = this.client.signIn("mallory", PASSWORD);
		assertThat(locked.headers().firstValue("Location"))
			.hasValueSatisfying((location) -> assertThat(location).contains("/login?blocked="));
		HttpResponse<String> page = this.client
			.page(locked.headers().firstValue("Location").orElseThrow().replaceFirst("^https?://[^/]+", ""));
		assertThat(page.body()).contains("Too many failed sign-ins");

		JsonNode records = json(this.client.get("/api/v1/access/audit?actor=mallory&path=/login", ADMIN_TOKEN))
			.path("records");
		assertThat(records.size()).isEqualTo(4);
		assertThat(records.get(0).path("outcome").asText()).isEqualTo("DENIED");
		assertThat(records.get(0).path("status").asInt()).isEqualTo(429);
		assertThat(records.get(0).path("via").asText()).isEqualTo("LOGIN");
		assertThat(records.get(3).path("outcome").asText()).isEqualTo("FAILED");
	}

	private static void signIn(AccessTestClient client, String username) {
		assertThat(client.signIn(username, PASSWORD).headers().firstValue("Location"))
			.hasValueSatisfying((location) -> assertThat(location).doesNotContain("/login"));
	}

	private JsonNode tokenListed(String id) {
		for (JsonNode token : json(this.client.get("/api/v1/access/tokens", ADMIN_TOKEN))) {
			if (token.path("id").asText().equals(id)) {
				return token;
			}
		}
		throw new AssertionError("token " + id + " not listed");
	}

	private HttpResponse<String> post(String path, String body) {
		return this.client.call("POST", path, "application/json", body, ADMIN_TOKEN);
	}

	private static void assertBadField(HttpResponse<String> response, String field) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(json(response).path("field").asText()).as(response.body()).isEqualTo(field);
	}

}
