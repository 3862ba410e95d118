package io.sonde.web.dashboard;

import java.util.Locale;

/**
 * One line of the health table: a component, or a member of a composite component one
 * level deeper.
 *
 * @param path unique key, the names from the top joined by '/' (e.g. {@code db/primary})
 * @param name the component's own name
 * @param depth 0 for top-level components
 * @param status the status code (UP, DOWN, OUT_OF_SERVICE, UNKNOWN or a custom one)
 * @param reason why it is not UP, when the component says so; otherwise empty
 */
public record HealthRow(String path, String name, int depth, String status, String reason) {

	/** overview.js builds the same class names, so both renderings look alike. */
	public static String statusClass(String status) {
		return "status-" + status.toLowerCase(Locale.ROOT).replace('_', '-');
	}

	public static String statusText(String status) {
		return status.replace('_', ' ');
	}

	public String statusClass() {
		return statusClass(this.status);
	}

	public String statusText() {
		return statusText(this.status);
	}

}
