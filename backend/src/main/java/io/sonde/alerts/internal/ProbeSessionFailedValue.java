package io.sonde.alerts.internal;

import java.util.List;
import java.util.Map;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSessionCompleted;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionStatus;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.event.EventListener;

/**
 * {@code probes.session_failed}: 1 when the latest probe session that ended failed, else
 * 0; no series before any session ended. Follows {@link ProbeSessionCompleted}, and asks
 * the history once for the latest session before the first completion is seen.
 */
final class ProbeSessionFailedValue implements LiveValueSource {

	private final ObjectProvider<ProbeOrchestrator> orchestrator;

	private volatile ProbeSession latest;

	private volatile boolean asked;

	ProbeSessionFailedValue(ObjectProvider<ProbeOrchestrator> orchestrator) {
		this.orchestrator = orchestrator;
	}

	@EventListener
	void on(ProbeSessionCompleted completed) {
		this.latest = completed.session();
		this.asked = true;
	}

	@Override
	public String name() {
		return "probes.session_failed";
	}

	@Override
	public String description() {
		return "1 when the latest probe session failed, else 0";
	}

	@Override
	public String unit() {
		return "boolean";
	}

	@Override
	public List<LiveValue> read() {
		if (!this.asked) {
			ProbeOrchestrator probes = this.orchestrator.getIfAvailable();
			if (probes != null) {
				this.latest = probes.sessions(new SessionQuery(null, null, null, null, 5))
					.stream()
					.filter((session) -> session.status() != SessionStatus.RUNNING)
					.findFirst()
					.orElse(null);
			}
			this.asked = true;
		}
		ProbeSession session = this.latest;
		if (session == null) {
			return List.of();
		}
		return List.of(new LiveValue(Map.of(), (session.status() == SessionStatus.FAILED) ? 1 : 0));
	}

}
