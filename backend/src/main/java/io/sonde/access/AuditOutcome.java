package io.sonde.access;

/**
 * How a recorded request ended: let through and answered below 400, refused by
 * authentication or authorization (401, 403, a locked sign-in), or let through and failed
 * (any other status from 400 up, a wrong password).
 */
public enum AuditOutcome {

	ALLOWED, DENIED, FAILED;

	public static AuditOutcome ofStatus(int status) {
		if (status == 401 || status == 403) {
			return DENIED;
		}
		return (status >= 400) ? FAILED : ALLOWED;
	}

}
