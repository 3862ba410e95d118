package io.sonde.web.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.sonde.access.Role;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RoleMatrixTests {

	@Test
	void docsPrintTheMatrixTheChainsAreBuiltFrom() throws IOException {
		String operations = Files.readString(Path.of("..", "docs", "OPERATIONS.md"));
		assertThat(operations).contains(RoleMatrix.markdown());
	}

	@Test
	void readsNeedAViewerAndChangesAnOperatorByDefault() {
		assertThat(RoleMatrix.minimumRole("GET", "/api/v1/switches")).isEqualTo(Role.VIEWER);
		assertThat(RoleMatrix.minimumRole("HEAD", "/metrics")).isEqualTo(Role.VIEWER);
		assertThat(RoleMatrix.minimumRole("POST", "/api/v1/probes/sessions")).isEqualTo(Role.OPERATOR);
		assertThat(RoleMatrix.minimumRole("PUT", "/metrics/thresholds/hop_latency")).isEqualTo(Role.OPERATOR);
		assertThat(RoleMatrix.minimumRole("DELETE", "/api/v1/alerts/rules/{id}")).isEqualTo(Role.OPERATOR);
	}

	@Test
	void accessSubscriptionsSecretsAndSettingsNeedAnAdmin() {
		assertThat(RoleMatrix.minimumRole("GET", "/api/v1/access/audit")).isEqualTo(Role.ADMIN);
		assertThat(RoleMatrix.minimumRole("DELETE", "/api/v1/access/tokens/{id}")).isEqualTo(Role.ADMIN);
		assertThat(RoleMatrix.minimumRole("POST", "/api/v1/webhooks/subscriptions")).isEqualTo(Role.ADMIN);
		assertThat(RoleMatrix.minimumRole("PUT", "/api/v1/webhooks/subscriptions/{id}")).isEqualTo(Role.ADMIN);
		assertThat(RoleMatrix.minimumRole("POST", "/api/v1/webhooks/subscriptions/{id}/secret")).isEqualTo(Role.ADMIN);
		assertThat(RoleMatrix.minimumRole("POST", "/settings/users")).isEqualTo(Role.ADMIN);
		assertThat(RoleMatrix.minimumRole("POST", "/alerts/subscriptions/x/delete")).isEqualTo(Role.ADMIN);
	}

	@Test
	void operatorsTestAndReplayWebhooksButReadSubscriptionsAsViewers() {
		assertThat(RoleMatrix.minimumRole("POST", "/api/v1/webhooks/subscriptions/{id}/test")).isEqualTo(Role.OPERATOR);
		assertThat(RoleMatrix.minimumRole("POST", "/api/v1/webhooks/deliveries/{id}/replay")).isEqualTo(Role.OPERATOR);
		assertThat(RoleMatrix.minimumRole("GET", "/api/v1/webhooks/subscriptions")).isEqualTo(Role.VIEWER);
		assertThat(RoleMatrix.minimumRole("GET", "/settings")).isEqualTo(Role.VIEWER);
		assertThat(RoleMatrix.minimumRole("POST", "/logout")).isEqualTo(Role.VIEWER);
	}

	@Test
	void aRoleIncludesTheOnesBelowIt() {
		assertThat(RoleMatrix.rolesFrom(Role.OPERATOR)).containsExactlyInAnyOrder("OPERATOR", "ADMIN");
		assertThat(RoleMatrix.rolesFrom(Role.VIEWER)).containsExactlyInAnyOrder("VIEWER", "OPERATOR", "ADMIN");
		assertThat(Role.parse("ROLE_admin")).isEqualTo(Role.ADMIN);
		assertThat(Role.highest(java.util.List.of("viewer", "OPERATOR"))).isEqualTo(Role.OPERATOR);
	}

}
