package io.sonde.switches.web;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import io.sonde.switches.InstalledEntity;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.StateDiff;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchNotFound;
import io.sonde.switches.SwitchView;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologySwitch;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Managed switches over HTTP: register, change, remove, connect and disconnect them, push
 * the pipeline, compare and reconcile their state, read what they hold, send packets.
 * Reads need the viewer role, everything else the operator role (the web module's
 * security).
 */
@RestController
@RequestMapping(path = "/api/v1/switches", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Switches",
		description = "P4Runtime switches: those Sonde manages and keeps configured, and the topology's others, "
				+ "observed")
class SwitchesApiController {

	private final SwitchManagement switches;

	private final TopologyCatalog topology;

	SwitchesApiController(SwitchManagement switches, TopologyCatalog topology) {
		this.switches = switches;
		this.topology = topology;
	}

	@GetMapping
	@Operation(summary = "Every switch Sonde knows with its connection state",
			description = "The imported topology's switches in topology order, then registered switches outside "
					+ "it by name. A registered switch (registered=true) has a managing connection: PRIMARY, "
					+ "BACKUP, CONNECTING, UNREACHABLE or DISABLED. A topology switch nobody registered "
					+ "(registered=false; device is what POST /from-topology would register) has an observing "
					+ "one, without an election id: OBSERVER while it answers, else CONNECTING or UNREACHABLE. "
					+ "A switch kept managed after a Redis data loss, which the emptied registry no longer "
					+ "lists, shows registered=false until it is registered again (POST /from-topology). "
					+ "connection.reachable says whether it answers; connection.apiVersion and "
					+ "connection.roundTripMicros come from a Capabilities call every sonde.switches.heartbeat.")
	List<SwitchView> list() {
		return this.switches.switches();
	}

	@GetMapping("/{name}")
	@Operation(summary = "One switch with its connection state (registered, or observed in the topology)")
	@ApiResponse(responseCode = "404", description = "No such switch")
	SwitchView get(@PathVariable String name) {
		return this.switches.switchNamed(name).orElseThrow(() -> new SwitchNotFound(name));
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Register a switch; Sonde connects, pushes the pipeline and keeps its desired state",
			description = "Required: name, host, port, deviceId. Defaults: electionId 1, the default role, "
					+ "pipeline sonde.p4, plaintext, enabled. TLS parts are PEM text or file names in "
					+ "sonde.switches.tls-directory, checked (parsed, key matching certificate) before anything "
					+ "is stored.")
	@ApiResponse(responseCode = "201", description = "Registered")
	@ApiResponse(responseCode = "400",
			description = "Invalid; the problem's 'field' names the field (e.g. "
					+ "tls.caCertificate for a path outside the TLS directory or PEM that does not parse)")
	@ApiResponse(responseCode = "409", description = "The name, or the address and device id, are taken")
	ResponseEntity<SwitchView> register(@RequestBody SwitchRequest request) {
		SwitchView view = this.switches.register(request.toDevice(null));
		return ResponseEntity.created(URI.create("/api/v1/switches/" + view.name())).body(view);
	}

	@PostMapping("/from-topology")
	@Operation(summary = "Register every switch of the current topology that is not registered yet",
			description = "Addresses and device ids come from the topology; election id 1.")
	List<SwitchView> registerTopology() {
		List<SwitchView> added = new ArrayList<>();
		var imported = this.topology.current().orElseThrow(() -> new SwitchNotFound("(no topology imported)"));
		for (TopologySwitch node : imported.topology().switches()) {
			if (this.switches.switchNamed(node.name()).filter(SwitchView::registered).isEmpty()) {
				added.add(this.switches.register(SwitchDevice.withDefaults(node.name(), node.p4RuntimeHost(),
						node.p4RuntimePort(), node.deviceId())));
			}
		}
		return added;
	}

	@PutMapping(path = "/{name}", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Replace a switch's registration; the connection reopens if its address changed",
			description = "TLS as on registration: PEM text or file names in sonde.switches.tls-directory.")
	@ApiResponse(responseCode = "400", description = "Invalid; the problem's 'field' names the field")
	SwitchView update(@PathVariable String name, @RequestBody SwitchRequest request) {
		return this.switches.update(request.toDevice(name));
	}

	@DeleteMapping("/{name}")
	@Operation(summary = "Forget a switch; it keeps what it holds")
	ResponseEntity<Void> remove(@PathVariable String name) {
		this.switches.remove(name);
		return ResponseEntity.noContent().build();
	}

	@PostMapping("/{name}/connect")
	@Operation(summary = "Keep a connection open to the switch")
	SwitchView connect(@PathVariable String name) {
		return this.switches.connect(name);
	}

	@PostMapping("/{name}/disconnect")
	@Operation(summary = "Close the connection and leave the switch alone")
	SwitchView disconnect(@PathVariable String name) {
		return this.switches.disconnect(name);
	}

	@PostMapping("/{name}/pipeline")
	@Operation(summary = "Install sonde.p4 (VERIFY_AND_COMMIT) and restore the desired entities",
			description = "Skipped when the switch already runs the same pipeline cookie, unless force=true.")
	@ApiResponse(responseCode = "409", description = "Sonde is not primary for the switch")
	ReconcileReport pushPipeline(@PathVariable String name, @RequestParam(defaultValue = "false") boolean force) {
		return this.switches.pushPipeline(name, force);
	}

	@GetMapping("/{name}/diff")
	@Operation(summary = "Expected vs installed, entry by entry, without repairing")
	StateDiff diff(@PathVariable String name) {
		return this.switches.diff(name);
	}

	@PostMapping("/{name}/reconcile")
	@Operation(summary = "Compare and repair now")
	ReconcileReport reconcile(@PathVariable String name) {
		return this.switches.reconcile(name);
	}

	@GetMapping("/{name}/tables")
	@Operation(summary = "Table entries the switch holds (all tables, or ?name=)",
			description = "A keyless table (sonde.p4's int_node_id and ecmp_salt) holds only its default entry, "
					+ "which is listed with key default=true; other tables list their entries, not their default.")
	List<InstalledEntity> tables(@PathVariable String name,
			@RequestParam(name = "name", required = false) String table) {
		return this.switches.read(name, "tables", table);
	}

	@GetMapping("/{name}/counters")
	@Operation(summary = "Counter cells (all counters, or ?name=)")
	List<InstalledEntity> counters(@PathVariable String name,
			@RequestParam(name = "name", required = false) String counter) {
		return this.switches.read(name, "counters", counter);
	}

	@GetMapping("/{name}/registers")
	@Operation(summary = "Register cells (all registers, or ?name=)")
	List<InstalledEntity> registers(@PathVariable String name,
			@RequestParam(name = "name", required = false) String register) {
		return this.switches.read(name, "registers", register);
	}

	@GetMapping("/{name}/action-profiles")
	@Operation(summary = "Members and groups of action profiles and selectors (all, or ?name=), e.g. the ECMP "
			+ "groups of SondeIngress.forwarding.next_hop_selector")
	List<InstalledEntity> actionProfiles(@PathVariable String name,
			@RequestParam(name = "name", required = false) String profile) {
		return this.switches.read(name, "action-profiles", profile);
	}

	@PostMapping(path = "/{name}/packet-out", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Send a frame out of a switch port (PacketOut)")
	ResponseEntity<Void> packetOut(@PathVariable String name, @RequestBody PacketOutRequest request) {
		this.switches.packetOut(name, request.port(), request.frame());
		return ResponseEntity.accepted().build();
	}

}
