package io.sonde.access.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.access.*}: the audit log's size and sign-in rate limiting.
 *
 * @param auditMaxRecords the audit stream keeps about this many records (oldest dropped)
 * @param loginMaxFailures failed sign-ins per username, or per address, within
 * {@code loginFailureWindow} before sign-in is refused
 * @param loginFailureWindow how far back failures count
 * @param loginBlock how long sign-in stays refused once the limit is reached
 */
@ConfigurationProperties("sonde.access")
public record AccessProperties(@DefaultValue("100000") int auditMaxRecords, @DefaultValue("5") int loginMaxFailures,
		@DefaultValue("5m") Duration loginFailureWindow, @DefaultValue("15m") Duration loginBlock) {

	public AccessProperties {
		if (auditMaxRecords < 1) {
			throw new IllegalArgumentException("sonde.access.audit-max-records must be at least 1");
		}
		if (loginMaxFailures < 1) {
			throw new IllegalArgumentException("sonde.access.login-max-failures must be at least 1");
		}
	}

}
