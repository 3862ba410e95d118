package io.sonde.emulator.state;

import io.sonde.p4runtime.info.P4InfoIndex;

/** P4Infos for the emulator's tests. */
public final class TestPrograms {

	private static final P4InfoIndex EVERY_KIND = P4InfoIndex.fromClasspath("p4rt/every_kind.p4info.txtpb");

	private TestPrograms() {
	}

	/** One of every match kind, counter, register type and packet header. */
	public static P4InfoIndex everyKind() {
		return EVERY_KIND;
	}

}
