package io.sonde.web.dashboard;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.boot.actuate.health.CompositeHealth;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthComponent;
import org.springframework.boot.actuate.health.Status;

/**
 * The service health as the overview page shows it: the overall status and the component
 * tree flattened into rows, composites followed by their members.
 *
 * @param status the overall status code
 * @param rows every component, depth first
 * @param checkedAt when the health was read
 */
public record HealthReport(String status, List<HealthRow> rows, Instant checkedAt) {

	/**
	 * UTC, in the page and in overview.js alike, so the time reads the same after a
	 * refresh.
	 */
	private static final DateTimeFormatter CHECKED_AT = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'")
		.withZone(ZoneOffset.UTC);

	public static HealthReport of(HealthComponent health, Instant checkedAt) {
		List<HealthRow> rows = new ArrayList<>();
		if (health instanceof CompositeHealth composite) {
			addComponents(composite.getComponents(), "", 0, rows);
		}
		return new HealthReport(health.getStatus().getCode(), List.copyOf(rows), checkedAt);
	}

	public String statusClass() {
		return HealthRow.statusClass(this.status);
	}

	public String statusText() {
		return HealthRow.statusText(this.status);
	}

	public String checkedAtText() {
		return CHECKED_AT.format(this.checkedAt);
	}

	private static void addComponents(Map<String, HealthComponent> components, String parentPath, int depth,
			List<HealthRow> rows) {
		if (components == null) {
			return;
		}
		components.forEach((name, component) -> {
			String path = parentPath.isEmpty() ? name : parentPath + "/" + name;
			rows.add(new HealthRow(path, name, depth, component.getStatus().getCode(), reason(component)));
			if (component instanceof CompositeHealth composite) {
				addComponents(composite.getComponents(), path, depth + 1, rows);
			}
		});
	}

	/**
	 * Spring Boot puts a failed check's exception under "error"; our indicators say
	 * "reason".
	 */
	private static String reason(HealthComponent component) {
		if (Status.UP.equals(component.getStatus()) || !(component instanceof Health health)) {
			return "";
		}
		Object reason = health.getDetails().get("error");
		if (reason == null) {
			reason = health.getDetails().get("reason");
		}
		return (reason != null) ? reason.toString() : "";
	}

}
