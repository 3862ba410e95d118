package io.sonde.access;

/**
 * Where an account or token comes from. Configured ones (sonde.security.*) are read-only
 * and work while Redis is down, so an admin is never locked out; stored ones are managed
 * through the API and the Settings page.
 */
public enum AccountSource {

	CONFIGURATION, STORED

}
