package io.sonde.p4runtime;

import io.sonde.p4runtime.info.P4InfoIndex;

/** The test program of {@code p4info/test_router.txtpb}, loaded once. */
public final class TestP4Info {

	public static final String RESOURCE = "p4info/test_router.txtpb";

	private static final P4InfoIndex INDEX = P4InfoIndex.fromClasspath(RESOURCE);

	private TestP4Info() {
	}

	public static P4InfoIndex index() {
		return INDEX;
	}

}
