package io.sonde.probes;

import java.util.List;
import java.util.Optional;

/**
 * GPINT probing sessions (paper 001): plan the paths, send one probe per path to its
 * first switch, collect them with the data recovery loop, and keep each session's record.
 * One session runs at a time across all replicas.
 */
public interface ProbeOrchestrator {

	/**
	 * Starts a session now; it runs in the background.
	 * @return the session as started ({@link SessionStatus#RUNNING})
	 * @throws SessionRequestRejected naming the field (or {@link PlanRequestRejected})
	 * @throws ProbeSessionBusy when a session is running already
	 * @throws NoTopologyToProbe before a topology is imported
	 */
	ProbeSession start(SessionRequest request);

	/** The history, newest first. */
	List<ProbeSession> sessions(SessionQuery query);

	Optional<ProbeSession> session(String id);

}
