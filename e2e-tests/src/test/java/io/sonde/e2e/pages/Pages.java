package io.sonde.e2e.pages;

import java.time.Duration;

/** What all page objects share. */
final class Pages {

	/**
	 * A page of this service renders in well under a second; this is for a loaded CI
	 * machine.
	 */
	static final Duration LOAD_TIMEOUT = Duration.ofSeconds(10);

	private Pages() {
	}

}
