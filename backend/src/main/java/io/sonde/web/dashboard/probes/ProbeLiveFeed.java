package io.sonde.web.dashboard.probes;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.probes.ProbeComponentMarked;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.probes.ProbeProgressed;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSessionCompleted;
import io.sonde.probes.ProbeSessionStarted;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionStatus;
import io.sonde.topology.TopologyImported;
import io.sonde.web.dashboard.LiveBroadcast;
import io.sonde.web.dashboard.LiveFeed;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Probes page's live view of the probing sessions ({@code /probes/live}, server-sent
 * events), fed by the orchestrator's events as they happen. A new stream starts with the
 * running session, if any, so a page opened in the middle of one follows it.
 * <p>
 * Events, JSON: {@code session} (a {@link ProbeSession} that started, with its paths),
 * {@code probe} (a {@link ProbeProgressed}: sent, feedback, completed, recovery
 * notification), {@code component} (a {@link ProbeComponentMarked}: unavailable or
 * congested), {@code completed} (the {@link ProbeSession} as it ended); {@code topology}
 * (a topology was imported: the page redraws).
 */
@Component
public class ProbeLiveFeed implements LiveFeed {

	private final ProbeOrchestrator orchestrator;

	private final LiveBroadcast streams;

	ProbeLiveFeed(ProbeOrchestrator orchestrator, ObjectMapper json) {
		this.orchestrator = orchestrator;
		this.streams = new LiveBroadcast("probe-live-feed", json);
	}

	/** A new stream: the running session now, then each step as it happens. */
	public SseEmitter subscribe() {
		return this.streams.subscribe(
				(stream) -> this.orchestrator.sessions(new SessionQuery(SessionStatus.RUNNING, null, null, null, 1))
					.forEach((session) -> stream.send("session", session)));
	}

	@EventListener
	void sessionStarted(ProbeSessionStarted started) {
		this.streams.publish("session", started.session());
	}

	@EventListener
	void probeProgressed(ProbeProgressed progressed) {
		this.streams.publish("probe", progressed);
	}

	@EventListener
	void componentMarked(ProbeComponentMarked marked) {
		this.streams.publish("component", marked);
	}

	@EventListener
	void sessionCompleted(ProbeSessionCompleted completed) {
		this.streams.publish("completed", completed.session());
	}

	@EventListener
	void topologyImported(TopologyImported imported) {
		this.streams.publishText("topology", imported.imported().topology().name());
	}

	@Override
	public LiveBroadcast streams() {
		return this.streams;
	}

}
