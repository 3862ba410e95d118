package io.sonde.topology.web;

import java.security.Principal;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import io.sonde.topology.ImportedTopology;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyGenerators;
import io.sonde.topology.TopologyRejected;
import io.sonde.topology.internal.YamlDocuments;
import io.sonde.topology.TopologyCatalog;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The topology over HTTP: import a {@code sonde-topology} v1 document (operator) and read
 * the current one back in the same format (viewer). Roles are enforced for all of
 * {@code /api/**} by the web module's security.
 */
@RestController
@RequestMapping("/api/v1/topology")
@Tag(name = "Topology", description = "The network Sonde manages: switches, hosts and links")
class TopologyController {

	private final TopologyCatalog catalog;

	TopologyController(TopologyCatalog catalog) {
		this.catalog = catalog;
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Import a topology, replacing the current one",
			description = "The body is a sonde-topology version 1 document, e.g. the emulator's --export file. "
					+ "Every switch needs its P4Runtime port and a non-zero device id. Needs the operator role.")
	@ApiResponse(responseCode = "200", description = "Imported, stored and now current")
	@ApiResponse(responseCode = "400", description = "Rejected; the problem's 'field' names the JSON path",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	@ApiResponse(responseCode = "503", description = "Redis did not store it; nothing changed",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	TopologySummary importTopology(@RequestBody String document, Principal caller) {
		ImportedTopology imported = this.catalog.importDocument(document,
				"POST /api/v1/topology by " + caller.getName());
		return TopologySummary.of(imported);
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "The current topology as a sonde-topology version 1 document",
			description = "Every field explicit; posting it back imports the same topology. "
					+ "Last-Modified says when it was imported.")
	@ApiResponse(responseCode = "200", description = "The document")
	@ApiResponse(responseCode = "404", description = "No topology has been imported yet",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	ResponseEntity<String> currentTopology() {
		ImportedTopology imported = this.catalog.current().orElseThrow(NoTopologyImported::new);
		return ResponseEntity.ok()
			.lastModified(imported.importedAt())
			.contentType(MediaType.APPLICATION_JSON)
			.body(this.catalog.document(imported.topology()));
	}

	@PostMapping(consumes = { "application/yaml", "application/x-yaml", "text/yaml" },
			produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Import a topology written in YAML, replacing the current one",
			description = "The same sonde-topology version 1 document as the JSON import, in YAML notation. "
					+ "Needs the operator role.")
	@ApiResponse(responseCode = "200", description = "Imported, stored and now current")
	@ApiResponse(responseCode = "400", description = "Not YAML, or rejected; 'field' names the path",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	TopologySummary importYaml(@RequestBody String document, Principal caller) {
		ImportedTopology imported = this.catalog.importDocument(YamlDocuments.toJson(document),
				"POST /api/v1/topology (YAML) by " + caller.getName());
		return TopologySummary.of(imported);
	}

	@GetMapping(path = "/generated", produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "A generated topology for planning what-ifs, as a sonde-topology document (not imported)",
			description = "kind=fattree with k (even, 2-64), or kind=watts-strogatz with n, k, beta, seed and "
					+ "hosts (default n). Names, addresses and ports are the emulator's for the same parameters; "
					+ "switches have no P4Runtime port.")
	@ApiResponse(responseCode = "400", description = "Unknown kind or parameters out of range",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	ResponseEntity<String> generated(@RequestParam String kind, @RequestParam(required = false) Integer k,
			@RequestParam(required = false) Integer n, @RequestParam(required = false) Double beta,
			@RequestParam(required = false) Long seed, @RequestParam(required = false) Integer hosts) {
		Topology topology = switch (kind) {
			case "fattree" -> TopologyGenerators.fatTree(required(k, "k"));
			case "watts-strogatz" -> TopologyGenerators.wattsStrogatz(required(n, "n"), required(k, "k"),
					required(beta, "beta"), (seed != null) ? seed : 1, (hosts != null) ? hosts : n);
			default -> throw new TopologyRejected("kind", "must be fattree or watts-strogatz, was '" + kind + "'");
		};
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(this.catalog.document(topology));
	}

	private static <T> T required(T value, String parameter) {
		if (value == null) {
			throw new TopologyRejected(parameter, "is required for this kind");
		}
		return value;
	}

}
