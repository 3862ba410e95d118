package io.sonde.web.dashboard.probes;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
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

import org.springframework.context.SmartLifecycle;
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
public class ProbeLiveFeed implements SmartLifecycle {

	private static final Logger logger = Logger.getLogger(ProbeLiveFeed.class.getName());

	private final ProbeOrchestrator orchestrator;

	private final ObjectMapper json;

	private final LiveBroadcast streams = new LiveBroadcast("probe-live-feed");

	ProbeLiveFeed(ProbeOrchestrator orchestrator, ObjectMapper json) {
		this.orchestrator = orchestrator;
		this.json = json;
	}

	/** A new stream: the running session now, then each step as it happens. */
	public SseEmitter subscribe() {
		return this.streams.subscribe(this::sendRunning);
	}

	int openStreams() {
		return this.streams.openStreams();
	}

	@EventListener
	void sessionStarted(ProbeSessionStarted started) {
		this.streams.broadcast(event("session", started.session()));
	}

	@EventListener
	void probeProgressed(ProbeProgressed progressed) {
		this.streams.broadcast(event("probe", progressed));
	}

	@EventListener
	void componentMarked(ProbeComponentMarked marked) {
		this.streams.broadcast(event("component", marked));
	}

	@EventListener
	void sessionCompleted(ProbeSessionCompleted completed) {
		this.streams.broadcast(event("completed", completed.session()));
	}

	@EventListener
	void topologyImported(TopologyImported imported) {
		this.streams.broadcast(SseEmitter.event().name("topology").data(imported.imported().topology().name()));
	}

	private void sendRunning(LiveBroadcast.Stream stream) {
		try {
			List<ProbeSession> running = this.orchestrator
				.sessions(new SessionQuery(SessionStatus.RUNNING, null, null, null, 1));
			running.forEach((session) -> stream.send(event("session", session)));
		}
		catch (RuntimeException ex) {
			// The page shows the next session that starts.
			logger.log(Level.WARNING, "live probes: no running session for a new stream: " + ex.getMessage(), ex);
		}
	}

	private SseEmitter.SseEventBuilder event(String name, Object body) {
		try {
			return SseEmitter.event().name(name).data(this.json.writeValueAsString(body));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a probe " + name + " event did not serialize: " + ex.getMessage(), ex);
		}
	}

	@Override
	public void start() {
		this.streams.start();
	}

	@Override
	public void stop() {
		this.streams.stop();
	}

	@Override
	public boolean isRunning() {
		return this.streams.isRunning();
	}

}
