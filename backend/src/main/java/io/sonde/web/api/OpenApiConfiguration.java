package io.sonde.web.api;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;

import io.sonde.web.security.RoleMatrix;
import org.springdoc.core.customizers.OpenApiCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What /v3/api-docs says about the API as a whole: its name and how to authenticate. */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(
		info = @Info(title = "Sonde API", version = "v1",
				description = "Manage INT telemetry: switches, probes, labeling, events, alerts."),
		security = @SecurityRequirement(name = OpenApiConfiguration.BEARER_AUTH))
@SecurityScheme(name = OpenApiConfiguration.BEARER_AUTH, type = SecuritySchemeType.HTTP, scheme = "bearer",
		description = "An API token: issued by an admin (POST /api/v1/access/tokens), configured by its SHA-256 "
				+ "in sonde.security.api-tokens, or from the demo credentials file. Each operation's "
				+ "x-sonde-minimum-role names the least role (VIEWER < OPERATOR < ADMIN) its token needs.")
public class OpenApiConfiguration {

	static final String BEARER_AUTH = "bearerAuth";

	/** The extension on every operation that names the least role allowed to call it. */
	public static final String MINIMUM_ROLE = "x-sonde-minimum-role";

	/**
	 * Marks every operation with its minimum role from the role matrix, so clients and
	 * the role test read who may call what from the description itself.
	 */
	@Bean
	OpenApiCustomizer minimumRoles() {
		return (openApi) -> {
			if (openApi.getPaths() == null) {
				return;
			}
			openApi.getPaths()
				.forEach((path, item) -> item.readOperationsMap()
					.forEach((method, operation) -> operation.addExtension(MINIMUM_ROLE,
							RoleMatrix.minimumRole(method.name(), path).name())));
		};
	}

}
