package io.sonde.web.api;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;

import org.springframework.context.annotation.Configuration;

/** What /v3/api-docs says about the API as a whole: its name and how to authenticate. */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(
		info = @Info(title = "Sonde API", version = "v1",
				description = "Manage INT telemetry: switches, probes, labeling, events, alerts."),
		security = @SecurityRequirement(name = OpenApiConfiguration.BEARER_AUTH))
@SecurityScheme(name = OpenApiConfiguration.BEARER_AUTH, type = SecuritySchemeType.HTTP, scheme = "bearer",
		description = "An API token from sonde.security.api-tokens (configured by its SHA-256) "
				+ "or from the demo credentials file.")
public class OpenApiConfiguration {

	static final String BEARER_AUTH = "bearerAuth";

}
