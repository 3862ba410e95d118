package io.sonde.web.api;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;

import io.sonde.core.Problems;
import io.sonde.store.NoRedisDataLoss;
import io.sonde.store.RedisContinuity;
import io.sonde.store.RedisContinuityStatus;
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
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The smallest authenticated API call, so a script can check its token and the service in
 * one request; and whether Redis still holds Sonde's data, with the acknowledgement of a
 * data loss.
 */
@RestController
@RequestMapping(path = "/api/v1/system", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "System", description = "The service itself: identity, version and health")
public class SystemController {

	static final String NAME = "sonde";

	private final HealthEndpoint health;

	private final String version;

	private final RedisContinuity continuity;

	public SystemController(HealthEndpoint health, ObjectProvider<BuildProperties> build, RedisContinuity continuity) {
		this.health = health;
		this.version = version(build.getIfAvailable());
		this.continuity = continuity;
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

	@GetMapping("/redis")
	@Operation(summary = "Whether Redis still holds Sonde's data",
			description = "The epoch Sonde trusts; when Redis lost its data (its epoch key missing or another one), "
					+ "the loss (reason, time, which backend noticed) and the state of record to import again, each "
					+ "with whether it is present again. The health component redisData is DOWN until the loss is "
					+ "acknowledged.",
			security = @SecurityRequirement(name = OpenApiConfiguration.BEARER_AUTH))
	@ApiResponse(responseCode = "200", description = "The epoch, the unacknowledged loss (or null), what to import")
	public RedisContinuityStatus redis() {
		return this.continuity.status();
	}

	@PostMapping("/redis/acknowledge-data-loss")
	@Operation(summary = "Acknowledge that Redis lost its data",
			description = "Accepts what Redis holds now as Sonde's state of record: writes a new epoch, ends the loss "
					+ "for every backend sharing this Redis (health UP again) and reconciles the switches with what was "
					+ "imported again; switches not registered again are let go. Import the lost state first "
					+ "(GET /api/v1/system/redis lists it). Audited in the log. Operator or admin role.",
			security = @SecurityRequirement(name = OpenApiConfiguration.BEARER_AUTH))
	@ApiResponse(responseCode = "200", description = "Acknowledged: the new epoch, no loss")
	@ApiResponse(responseCode = "409", description = "No unacknowledged data loss",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	public RedisContinuityStatus acknowledgeDataLoss(Principal principal) {
		return this.continuity.acknowledgeDataLoss("api:" + principal.getName());
	}

	@ExceptionHandler
	ProblemDetail noDataLoss(NoRedisDataLoss none) {
		return Problems.of(HttpStatus.CONFLICT, "No Redis data loss", none.getMessage());
	}

	@ExceptionHandler
	ProblemDetail redisDown(DataAccessException down) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Redis unavailable", down.getMessage());
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
