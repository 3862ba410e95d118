package io.sonde.web.dashboard.labeling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.labeling.CoverageMeasured;
import io.sonde.labeling.LabelShiftChanged;
import io.sonde.topology.TopologyImported;
import io.sonde.web.dashboard.LiveBroadcast;
import io.sonde.web.dashboard.LiveFeed;

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
public class LabelingLiveFeed implements LiveFeed {

	/** How often the heat map's cells are sent again: ages move every moment. */
	static final Duration PORTS_EVERY = Duration.ofSeconds(1);

	private final LabelingView view;

	private final Clock clock;

	private final LiveBroadcast streams;

	private volatile Instant portsSentAt = Instant.MIN;

	LabelingLiveFeed(LabelingView view, ObjectMapper json, Clock clock) {
		this.view = view;
		this.clock = clock;
		this.streams = new LiveBroadcast("labeling-live-feed", json);
	}

	public SseEmitter subscribe() {
		return this.streams.subscribe((stream) -> stream.send("snapshot", this.view.snapshot()));
	}

	@EventListener
	void coverageMeasured(CoverageMeasured measured) {
		// No page open: the ports' figures are not worth reading.
		if (this.streams.openStreams() == 0) {
			return;
		}
		this.streams.publish("coverage", measured.sample());
		Instant now = this.clock.instant();
		if (!now.isBefore(this.portsSentAt.plus(PORTS_EVERY))) {
			this.portsSentAt = now;
			this.streams.publish("ports", this.view.ports());
		}
	}

	@EventListener
	void shiftChanged(LabelShiftChanged changed) {
		this.streams.publish("shift", changed);
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
