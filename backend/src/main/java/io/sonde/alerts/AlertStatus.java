package io.sonde.alerts;

/** Whether an alert's condition holds now. */
public enum AlertStatus {

	FIRING, RESOLVED

}
