package io.sonde.web.dashboard.labeling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.labeling.CoverageMeasured;
import io.sonde.labeling.LabelShiftChanged;
import io.sonde.topology.TopologyImported;
import io.sonde.web.dashboard.LiveBroadcast;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Labeling page's live view ({@code /labeling/live}, server-sent events), also what
 * the Overview's coverage figure follows. A new stream starts with a {@code snapshot} (a
 * {@link LabelingSnapshot}); then {@code coverage} (a closed window, every Ti),
 * {@code ports} (every port's freshness and S, at most every {@link #PORTS_EVERY},
 * carried by the coverage rounds), {@code shift} (a {@link LabelShiftChanged}) and
 * {@code topology} (the page redraws).
 */
@Component
public class LabelingLiveFeed implements SmartLifecycle {

	/** How often the heat map's cells are sent again: ages move every moment. */
	static final Duration PORTS_EVERY = Duration.ofSeconds(1);

	private static final Logger logger = Logger.getLogger(LabelingLiveFeed.class.getName());

	private final LabelingView view;

	private final ObjectMapper json;

	private final Clock clock;

	private final LiveBroadcast streams = new LiveBroadcast("labeling-live-feed");

	private volatile Instant portsSentAt = Instant.MIN;

	LabelingLiveFeed(LabelingView view, ObjectMapper json, Clock clock) {
		this.view = view;
		this.json = json;
		this.clock = clock;
	}

	public SseEmitter subscribe() {
		return this.streams.subscribe((stream) -> {
			try {
				stream.send(event("snapshot", this.view.snapshot()));
			}
			catch (RuntimeException ex) {
				// The next coverage round still reaches the page.
				logger.log(Level.WARNING, "live labeling: no snapshot for a new stream: " + ex.getMessage(), ex);
			}
		});
	}

	int openStreams() {
		return this.streams.openStreams();
	}

	@EventListener
	void coverageMeasured(CoverageMeasured measured) {
		if (this.streams.openStreams() == 0) {
			return;
		}
		this.streams.broadcast(event("coverage", measured.sample()));
		Instant now = this.clock.instant();
		if (!now.isBefore(this.portsSentAt.plus(PORTS_EVERY))) {
			this.portsSentAt = now;
			this.streams.broadcast(event("ports", this.view.ports()));
		}
	}

	@EventListener
	void shiftChanged(LabelShiftChanged changed) {
		this.streams.broadcast(event("shift", changed));
	}

	@EventListener
	void topologyImported(TopologyImported imported) {
		this.streams.broadcast(SseEmitter.event().name("topology").data(imported.imported().topology().name()));
	}

	private SseEmitter.SseEventBuilder event(String name, Object body) {
		try {
			return SseEmitter.event().name(name).data(this.json.writeValueAsString(body));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a labeling " + name + " event did not serialize: " + ex.getMessage(), ex);
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
