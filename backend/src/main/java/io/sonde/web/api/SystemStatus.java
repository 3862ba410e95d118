package io.sonde.web.api;

import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What {@code GET /api/v1/system} answers.
 *
 * @param name always {@code sonde}
 * @param version the service's version, {@code dev} when run from a build tree
 * @param status overall health status (UP, DOWN, OUT_OF_SERVICE, UNKNOWN)
 * @param components status of each top-level health component, by name
 */
@Schema(description = "Name, version and health of the service")
public record SystemStatus(@Schema(example = "sonde") String name, @Schema(example = "0.1.0") String version,
		@Schema(example = "UP") String status,
		@Schema(example = "{\"redis\": \"UP\", \"timeseries\": \"UP\"}") Map<String, String> components) {
}
