package io.sonde.switches.web;

import io.sonde.switches.PollingRound;
import io.sonde.switches.PortCounterPolling;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The port-counter polling baseline over HTTP. */
@RestController
@RequestMapping(path = "/api/v1/polling", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Polling baseline",
		description = "Port counters read one cell per request, the SNMP-like baseline of the GPINT paper")
class PollingController {

	private final PortCounterPolling polling;

	PollingController(PortCounterPolling polling) {
		this.polling = polling;
	}

	@PostMapping("/rounds")
	@Operation(summary = "Poll every connected switch now and return the round with its collection latency")
	PollingRound pollNow() {
		return this.polling.pollNow();
	}

	@GetMapping("/rounds/latest")
	@Operation(summary = "The latest round")
	PollingRound latest() {
		return this.polling.latest()
			.orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no polling round has run yet"));
	}

}
