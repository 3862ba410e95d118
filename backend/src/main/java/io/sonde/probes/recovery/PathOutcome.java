package io.sonde.probes.recovery;

/** Where one path of a session stands. */
public enum PathOutcome {

	/** Not sent yet, or a send is outstanding. */
	RUNNING,

	/** Every switch of the path has its telemetry, in one probe or pieced together. */
	COLLECTED,

	/**
	 * Finished without some switches' telemetry: a switch was skipped as unavailable, or
	 * the loop gave up on a probe that was acknowledged but never came back (or, with
	 * recovery off, on any probe that did not come back).
	 */
	INCOMPLETE

}
