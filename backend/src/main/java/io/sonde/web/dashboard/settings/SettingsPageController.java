package io.sonde.web.dashboard.settings;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.sonde.access.AccessDirectory;
import io.sonde.access.AccessNotStored;
import io.sonde.access.AccessRequestRejected;
import io.sonde.access.AuditLog;
import io.sonde.access.AuditOutcome;
import io.sonde.access.AuditQuery;
import io.sonde.access.ConfiguredAccountReadOnly;
import io.sonde.access.IssuedToken;
import io.sonde.access.Role;
import io.sonde.access.TokenNotFound;
import io.sonde.access.UserAlreadyExists;
import io.sonde.access.UserNotFound;
import io.sonde.web.dashboard.OverviewController;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The Settings page: users and tokens (admins manage them; others are told who does), the
 * thresholds (a link to the Metrics page, which owns them), the collectors as the
 * Overview shows them, and the audit log with its filters (admins only). Every form posts
 * back here and redirects to the page with what happened; a new token's secret is shown
 * in that answer only.
 */
@Controller
class SettingsPageController {

	private static final int AUDIT_ROWS = 50;

	private final AccessDirectory directory;

	private final AuditLog audit;

	private final OverviewController overview;

	private final Clock clock;

	SettingsPageController(AccessDirectory directory, AuditLog audit, OverviewController overview, Clock clock) {
		this.directory = directory;
		this.audit = audit;
		this.overview = overview;
		this.clock = clock;
	}

	@GetMapping("/settings")
	String settings(Authentication caller, Model model, @RequestParam(required = false) String actor,
			@RequestParam(required = false) String method, @RequestParam(required = false) String path,
			@RequestParam(required = false) AuditOutcome outcome, @RequestParam(required = false) String cursor) {
		boolean admin = isAdmin(caller);
		model.addAttribute("admin", admin);
		model.addAttribute("roles", List.of(Role.values()));
		model.addAttribute("outcomes", List.of(AuditOutcome.values()));
		model.addAttribute("pipeline", this.overview.pipeline());
		if (admin) {
			try {
				model.addAttribute("users", this.directory.users());
				model.addAttribute("tokens", this.directory.tokens());
				AuditQuery query = new AuditQuery(blank(actor), blank(method), blank(path), outcome, null, null,
						AUDIT_ROWS, blank(cursor));
				model.addAttribute("filter", query);
				model.addAttribute("audit", this.audit.find(query));
			}
			catch (AccessNotStored down) {
				model.addAttribute("unavailable", down.getMessage());
			}
			model.addAttribute("now", this.clock.instant());
		}
		return "settings";
	}

	@PostMapping("/settings/users")
	String createUser(Authentication caller, @RequestParam String username, @RequestParam String password,
			@RequestParam String role, RedirectAttributes result) {
		return answer(result, () -> {
			this.directory.createUser(username, password, role(role), caller.getName());
			return "User '" + username + "' created.";
		});
	}

	@PostMapping("/settings/users/{username}/role")
	String changeRole(Authentication caller, @PathVariable String username, @RequestParam String role,
			RedirectAttributes result) {
		return answer(result, () -> {
			this.directory.updateUser(username, role(role), null, caller.getName());
			return "User '" + username + "' is now " + role(role).name().toLowerCase() + ".";
		});
	}

	@PostMapping("/settings/users/{username}/delete")
	String deleteUser(Authentication caller, @PathVariable String username, RedirectAttributes result) {
		return answer(result, () -> {
			this.directory.deleteUser(username, caller.getName());
			return "User '" + username + "' deleted.";
		});
	}

	@PostMapping("/settings/tokens")
	String issueToken(Authentication caller, @RequestParam String name, @RequestParam String role,
			@RequestParam(required = false) Integer expiresInDays, RedirectAttributes result) {
		return answer(result, () -> {
			if (expiresInDays != null && expiresInDays < 1) {
				throw new AccessRequestRejected("expiresInDays", "must be at least 1 (leave it empty for no expiry)");
			}
			Instant expiresAt = (expiresInDays != null) ? this.clock.instant().plus(Duration.ofDays(expiresInDays))
					: null;
			IssuedToken issued = this.directory.issueToken(name, role(role), expiresAt, caller.getName());
			result.addFlashAttribute("issued", issued);
			return "Token '" + issued.token().name() + "' issued: copy it now, it is not shown again.";
		});
	}

	@PostMapping("/settings/tokens/{id}/revoke")
	String revokeToken(Authentication caller, @PathVariable String id, RedirectAttributes result) {
		return answer(result, () -> {
			this.directory.revokeToken(id, caller.getName());
			return "Token '" + id + "' revoked.";
		});
	}

	/** Runs a change and redirects to the page with what happened or why not. */
	private static String answer(RedirectAttributes result, java.util.function.Supplier<String> change) {
		try {
			result.addFlashAttribute("done", change.get());
		}
		catch (AccessRequestRejected | UserAlreadyExists | UserNotFound | TokenNotFound | ConfiguredAccountReadOnly
				| AccessNotStored refused) {
			result.addFlashAttribute("failed", refused.getMessage());
		}
		return "redirect:/settings";
	}

	private static Role role(String text) {
		Role role = Role.parse(text);
		if (role == null) {
			throw new AccessRequestRejected("role", "'" + text + "' is not viewer, operator or admin");
		}
		return role;
	}

	private static boolean isAdmin(Authentication caller) {
		return caller != null && caller.getAuthorities()
			.stream()
			.anyMatch((authority) -> Role.ADMIN.authority().equals(authority.getAuthority()));
	}

	private static String blank(String text) {
		return (text == null || text.isBlank()) ? null : text.trim();
	}

}
