package io.sonde.access;

import java.time.Duration;
import java.util.Optional;

/**
 * Sign-in rate limiting: after too many failures for a username or from an address within
 * a window, further attempts are refused for a while, whatever the password.
 */
public interface LoginAttempts {

	/**
	 * How long sign-in stays refused for this username or address; empty if it is not.
	 */
	Optional<Duration> blockedFor(String username, String address);

	void failed(String username, String address);

	/** Clears the username's failures (the address keeps its own). */
	void succeeded(String username, String address);

}
