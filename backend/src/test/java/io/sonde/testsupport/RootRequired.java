package io.sonde.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Tests that need root (network namespaces, veth pairs, XDP attach) fail without it and
 * say why: one that skipped would pass CI, which runs as root, without testing anything.
 * A machine that cannot give them root opts out with {@code -Dsonde.skipRootTests=true},
 * and they are then skipped with the reason.
 */
public final class RootRequired {

	/** The opt-out for machines that cannot give the tests root. */
	public static final String SKIP_PROPERTY = "sonde.skipRootTests";

	private RootRequired() {
	}

	/**
	 * Fails unless the JVM runs as root, or skips when the opt-out is set.
	 * @param test the test's name, first in the message
	 * @param why what it does that needs root
	 */
	public static void check(String test, String why) {
		assumeFalse(Boolean.getBoolean(SKIP_PROPERTY), test + " skipped: -D" + SKIP_PROPERTY + "=true");
		assertThat(System.getProperty("user.name"))
			.as(test + " needs root (" + why + "): run as root, as CI does, or skip it with -D" + SKIP_PROPERTY
					+ "=true")
			.isEqualTo("root");
	}

}
