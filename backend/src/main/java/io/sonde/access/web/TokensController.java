package io.sonde.access.web;

import java.security.Principal;
import java.time.Instant;
import java.util.List;

import io.sonde.access.AccessDirectory;
import io.sonde.access.AccessRequestRejected;
import io.sonde.access.ApiToken;
import io.sonde.access.IssuedToken;
import io.sonde.access.Role;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/api/v1/access/tokens", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Access")
class TokensController {

	private final AccessDirectory directory;

	TokensController(AccessDirectory directory) {
		this.directory = directory;
	}

	@GetMapping
	@Operation(summary = "Every token (configured ones first), revoked ones included; never a secret")
	List<ApiToken> tokens() {
		return this.directory.tokens();
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Issue a token: the answer's 'secret' is shown this once and stored only as SHA-256")
	@ApiResponse(responseCode = "400", description = "A field is missing or malformed; the problem names it")
	IssuedToken issue(@RequestBody NewToken token, Principal actor) {
		if (token == null) {
			throw new AccessRequestRejected("name", "the body is empty");
		}
		return this.directory.issueToken(token.name(), token.role(), token.expiresAt(), actor.getName());
	}

	@DeleteMapping("/{id}")
	@Operation(summary = "Revoke a token: it is refused from now on and stays listed as revoked")
	@ApiResponse(responseCode = "404", description = "No stored token has the id")
	@ApiResponse(responseCode = "409", description = "The token comes from configuration")
	ApiToken revoke(@PathVariable String id, Principal actor) {
		return this.directory.revokeToken(id, actor.getName());
	}

	/**
	 * @param expiresAt an instant such as {@code 2027-01-01T00:00:00Z}; absent for a
	 * token that never expires
	 */
	record NewToken(String name, Role role, Instant expiresAt) {
	}

}
