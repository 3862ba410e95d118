package io.sonde.alerts;

/** Redis did not answer: a rule, or an alert's state, could not be read or stored. */
public class AlertsNotStored extends RuntimeException {

	public AlertsNotStored(String detail, Throwable cause) {
		super(detail, cause);
	}

}
