package io.sonde.access;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.web.security.RoleMatrix;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static io.sonde.access.AccessTestClient.ADMIN_TOKEN;
import static io.sonde.access.AccessTestClient.OPERATOR_TOKEN;
import static io.sonde.access.AccessTestClient.VIEWER_TOKEN;
import static io.sonde.access.AccessTestClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The role matrix over the whole API as the running backend describes it: every POST,
 * PUT, PATCH and DELETE of /v3/api-docs is sent as a viewer (refused, 403), as an
 * operator where it is admin-only (refused, 403), and as the least role allowed (not
 * refused: any answer but 401 and 403), and each of these requests leaves an audit record
 * with its actor, status and outcome. Every operation carries its x-sonde-minimum-role.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RoleMatrixOpenApiIntegrationTests extends SharedAccessContext {

	private static final Set<String> MUTATIONS = Set.of("post", "put", "patch", "delete");

	@LocalServerPort
	int port;

	private AccessTestClient client;

	@BeforeEach
	void client() {
		this.client = new AccessTestClient(this.port);
	}

	@Test
	void everyOperationNamesTheMinimumRoleTheMatrixGivesIt() {
		JsonNode paths = apiDocs().get("paths");
		int operations = 0;
		for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext();) {
			Map.Entry<String, JsonNode> path = it.next();
			for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext();) {
				Map.Entry<String, JsonNode> operation = ops.next();
				assertThat(operation.getValue().path("x-sonde-minimum-role").asText())
					.as("%s %s", operation.getKey(), path.getKey())
					.isEqualTo(RoleMatrix.minimumRole(operation.getKey(), path.getKey()).name());
				operations++;
			}
		}
		assertThat(operations).isGreaterThan(20);
		assertThat(paths.path("/api/v1/access/users").path("get").path("x-sonde-minimum-role").asText())
			.isEqualTo("ADMIN");
		assertThat(paths.path("/api/v1/system").path("get").path("x-sonde-minimum-role").asText()).isEqualTo("VIEWER");
	}

	@Test
	void everyMutationRefusesTooSmallRolesAcceptsTheAllowedOneAndIsAudited() {
		List<Mutation> mutations = mutations(apiDocs());
		assertThat(mutations).as("mutations in the API description").hasSizeGreaterThan(10);
		assertThat(mutations).anyMatch((mutation) -> mutation.minimum() == Role.ADMIN);
		List<String> failures = new ArrayList<>();
		for (Mutation mutation : mutations) {
			HttpResponse<String> asViewer = send(mutation, VIEWER_TOKEN);
			expect(failures, mutation, "viewer", asViewer, 403);
			expectAudited(failures, mutation, AccessTestClient.VIEWER_NAME, 403, AuditOutcome.DENIED);
			if (mutation.minimum() == Role.ADMIN) {
				HttpResponse<String> asOperator = send(mutation, OPERATOR_TOKEN);
				expect(failures, mutation, "operator", asOperator, 403);
				expectAudited(failures, mutation, AccessTestClient.OPERATOR_NAME, 403, AuditOutcome.DENIED);
			}
			boolean admin = mutation.minimum() == Role.ADMIN;
			HttpResponse<String> allowed = send(mutation, admin ? ADMIN_TOKEN : OPERATOR_TOKEN);
			if (allowed.statusCode() == 401 || allowed.statusCode() == 403) {
				failures.add(mutation + " as " + mutation.minimum() + ": refused with " + allowed.statusCode() + " "
						+ allowed.body());
			}
			else {
				expectAudited(failures, mutation, admin ? AccessTestClient.ADMIN_NAME : AccessTestClient.OPERATOR_NAME,
						allowed.statusCode(), AuditOutcome.ofStatus(allowed.statusCode()));
			}
		}
		assertThat(failures).as("checked %d mutations", mutations.size()).isEmpty();
	}

	private void expect(List<String> failures, Mutation mutation, String as, HttpResponse<String> response,
			int status) {
		if (response.statusCode() != status) {
			failures.add(mutation + " as " + as + ": " + response.statusCode() + " instead of " + status);
		}
	}

	/** The newest record for this method and path by this actor has this status. */
	private void expectAudited(List<String> failures, Mutation mutation, String actor, int status,
			AuditOutcome outcome) {
		HttpResponse<String> found = this.client.get("/api/v1/access/audit?limit=1&method=" + mutation.method()
				+ "&actor=" + AccessTestClient.encode(actor) + "&path=" + AccessTestClient.encode(mutation.path()),
				ADMIN_TOKEN);
		JsonNode records = json(found).path("records");
		if (found.statusCode() != 200 || records.size() != 1) {
			failures
				.add(mutation + " by " + actor + ": no audit record (" + found.statusCode() + " " + found.body() + ")");
			return;
		}
		JsonNode record = records.get(0);
		if (!record.path("path").asText().equals(mutation.path()) || record.path("status").asInt() != status
				|| !record.path("outcome").asText().equals(outcome.name())
				|| !record.path("via").asText().equals("API")) {
			failures.add(mutation + " by " + actor + ": audit record " + record + " is not " + status + " " + outcome);
		}
	}

	private HttpResponse<String> send(Mutation mutation, String token) {
		return this.client.call(mutation.method(), mutation.path(), mutation.contentType(),
				(mutation.contentType() != null) ? mutation.body() : null, token);
	}

	private JsonNode apiDocs() {
		HttpResponse<String> docs = this.client.get("/v3/api-docs", VIEWER_TOKEN);
		assertThat(docs.statusCode()).as(docs.body()).isEqualTo(200);
		return json(docs);
	}

	/** Every mutation, its path parameters filled with values that name nothing. */
	private static List<Mutation> mutations(JsonNode docs) {
		List<Mutation> mutations = new ArrayList<>();
		for (Iterator<Map.Entry<String, JsonNode>> it = docs.get("paths").fields(); it.hasNext();) {
			Map.Entry<String, JsonNode> path = it.next();
			for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext();) {
				Map.Entry<String, JsonNode> operation = ops.next();
				if (!MUTATIONS.contains(operation.getKey())) {
					continue;
				}
				String concrete = fill(path.getKey(), operation.getValue());
				String contentType = null;
				JsonNode content = operation.getValue().path("requestBody").path("content");
				if (content.isObject() && content.fieldNames().hasNext()) {
					contentType = content.fieldNames().next();
				}
				Role minimum = Role.valueOf(operation.getValue().path("x-sonde-minimum-role").asText());
				mutations.add(new Mutation(operation.getKey().toUpperCase(java.util.Locale.ROOT), concrete, contentType,
						(contentType != null && contentType.contains("json")) ? "{}" : "", minimum));
			}
		}
		return mutations;
	}

	private static String fill(String template, JsonNode operation) {
		String path = template;
		for (JsonNode parameter : operation.path("parameters")) {
			if (!"path".equals(parameter.path("in").asText())) {
				continue;
			}
			String type = parameter.path("schema").path("type").asText();
			String value = ("integer".equals(type) || "number".equals(type)) ? "987654321" : "role-test-nothing";
			path = path.replace("{" + parameter.path("name").asText() + "}", value);
		}
		return path.replaceAll("\\{[^}]+}", "role-test-nothing");
	}

	record Mutation(String method, String path, String contentType, String body, Role minimum) {

		@Override
		public String toString() {
			return this.method + " " + this.path;
		}

	}

}
