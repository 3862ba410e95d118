package io.sonde.access.web;

import java.security.Principal;
import java.util.List;

import io.sonde.access.AccessDirectory;
import io.sonde.access.AccessUser;
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
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/api/v1/access/users", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Access", description = "Users, API tokens and the audit log (admins only)")
class UsersController {

	private final AccessDirectory directory;

	UsersController(AccessDirectory directory) {
		this.directory = directory;
	}

	@GetMapping
	@Operation(summary = "Every user: configured ones (read-only) first, then stored ones")
	List<AccessUser> users() {
		return this.directory.users();
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create a user (the password is stored as a bcrypt hash)")
	@ApiResponse(responseCode = "400", description = "A field is missing or malformed; the problem names it")
	@ApiResponse(responseCode = "409", description = "The name is taken")
	AccessUser create(@RequestBody NewUser user, Principal actor) {
		if (user == null) {
			throw new io.sonde.access.AccessRequestRejected("username", "the body is empty");
		}
		return this.directory.createUser(user.username(), user.password(), user.role(), actor.getName());
	}

	@PutMapping(path = "/{username}", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Change a stored user's role, password, or both")
	@ApiResponse(responseCode = "404", description = "No stored user has the name")
	@ApiResponse(responseCode = "409", description = "The user comes from configuration")
	AccessUser update(@PathVariable String username, @RequestBody UserChange change, Principal actor) {
		if (change == null) {
			throw new io.sonde.access.AccessRequestRejected("role", "the body is empty");
		}
		return this.directory.updateUser(username, change.role(), change.password(), actor.getName());
	}

	@DeleteMapping("/{username}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a stored user")
	@ApiResponse(responseCode = "404", description = "No stored user has the name")
	@ApiResponse(responseCode = "409", description = "The user comes from configuration")
	void delete(@PathVariable String username, Principal actor) {
		this.directory.deleteUser(username, actor.getName());
	}

	/** A new user; the password is at least 12 characters. */
	record NewUser(String username, String password, Role role) {

		@Override
		public String toString() {
			return "NewUser[username=" + this.username + ", role=" + this.role + "]";
		}

	}

	/** A null field stays as it is. */
	record UserChange(Role role, String password) {

		@Override
		public String toString() {
			return "UserChange[role=" + this.role + "]";
		}

	}

}
