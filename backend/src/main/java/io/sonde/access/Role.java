package io.sonde.access;

import java.util.Collection;
import java.util.Locale;

/**
 * What a user or token may do, from least to most powerful: each role may do everything
 * the ones before it may. JSON and forms write it in lowercase; "ROLE_ADMIN" and "Admin"
 * are read too.
 */
public enum Role {

	VIEWER, OPERATOR, ADMIN;

	/** Whether this role is enough where {@code required} is the minimum. */
	public boolean allows(Role required) {
		return compareTo(required) >= 0;
	}

	/** Spring Security's authority name, e.g. {@code ROLE_OPERATOR}. */
	public String authority() {
		return "ROLE_" + name();
	}

	/** The role named, or null when the text names none. */
	public static Role parse(String text) {
		if (text == null) {
			return null;
		}
		String name = text.trim().toUpperCase(Locale.ROOT);
		if (name.startsWith("ROLE_")) {
			name = name.substring("ROLE_".length());
		}
		for (Role role : values()) {
			if (role.name().equals(name)) {
				return role;
			}
		}
		return null;
	}

	/** The most powerful role among names (configured accounts may list several). */
	public static Role highest(Collection<String> names) {
		Role highest = null;
		for (String name : names) {
			Role role = parse(name);
			if (role != null && (highest == null || role.allows(highest))) {
				highest = role;
			}
		}
		return (highest != null) ? highest : VIEWER;
	}

	@com.fasterxml.jackson.annotation.JsonValue
	String json() {
		return name().toLowerCase(Locale.ROOT);
	}

	@com.fasterxml.jackson.annotation.JsonCreator
	static Role fromJson(String text) {
		Role role = parse(text);
		if (role == null) {
			throw new IllegalArgumentException("not a role: '" + text + "' (viewer, operator or admin)");
		}
		return role;
	}

}
