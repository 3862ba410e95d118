package io.sonde.web.api;

import java.util.LinkedHashMap;
import java.util.Map;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.CompositeHealth;
import org.springframework.boot.actuate.health.HealthComponent;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The smallest authenticated API call, so a script can check its token and the service in
 * one request.
 */
@RestController
@RequestMapping(path = "/api/v1/system", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "System", description = "The service itself: identity, version and health")
public class SystemController {

	static final String NAME = "sonde";

	private final HealthEndpoint health;

	private final String version;

	public SystemController(HealthEndpoint health, ObjectProvider<BuildProperties> build) {
		this.health = health;
		this.version = version(build.getIfAvailable());
	}

	@GetMapping
	@Operation(summary = "Name, version and health of the service",
			description = "Answers 200 to any valid token, so scripts can check a token at once.",
			security = @SecurityRequirement(name = OpenApiConfiguration.BEARER_AUTH))
	@ApiResponse(responseCode = "200", description = "The service and the status of each health component")
	@ApiResponse(responseCode = "401", description = "No bearer token, or one that is not valid",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	public SystemStatus system() {
		HealthComponent current = this.health.health();
		Map<String, String> components = new LinkedHashMap<>();
		if (current instanceof CompositeHealth composite) {
			composite.getComponents()
				.forEach((name, component) -> components.put(name, component.getStatus().getCode()));
		}
		return new SystemStatus(NAME, this.version, current.getStatus().getCode(), components);
	}

	/**
	 * Build info when the build wrote it, else the jar manifest, else "dev" (a build
	 * tree).
	 */
	private static String version(BuildProperties build) {
		if (build != null && build.getVersion() != null) {
			return build.getVersion();
		}
		String implementation = SystemController.class.getPackage().getImplementationVersion();
		return (implementation != null) ? implementation : "dev";
	}

}
