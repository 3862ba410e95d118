package io.sonde.topology.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.core.LoopHealth;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkStateChanged;
import io.sonde.topology.LinkStates;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyLink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * Link state from a running emulator's control channel: {@code GET /v1/status} every
 * {@code link-status-interval}, its links matched to the current topology's by their two
 * ends ({@code node:port}). P4Runtime carries no port status and Sonde speaks no gNMI, so
 * this is how Sonde learns that {@code sonde-emulator ctl link ... down} cut a link. A
 * change is published as {@link LinkStateChanged}; while the emulator does not answer,
 * the last state it gave holds. Without a control channel configured nothing is asked and
 * every link counts as up.
 */
public class EmulatorLinkStatus implements LinkStates, SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(EmulatorLinkStatus.class);

	private static final ObjectMapper JSON = new ObjectMapper();

	private final URI status;

	private final Duration interval;

	private final TopologyCatalog catalog;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final HttpClient http;

	private final LoopHealth health;

	private volatile Set<TopologyLink> down = Set.of();

	private ScheduledExecutorService poller;

	/**
	 * @param controlUrl the emulator's control channel, e.g.
	 * {@code http://127.0.0.1:32767}; null: none
	 */
	public EmulatorLinkStatus(URI controlUrl, Duration interval, TopologyCatalog catalog,
			ApplicationEventPublisher events, Clock clock) {
		this.status = (controlUrl != null) ? controlUrl.resolve("/v1/status") : null;
		this.interval = interval;
		this.catalog = catalog;
		this.events = events;
		this.clock = clock;
		this.http = HttpClient.newBuilder().connectTimeout(interval.multipliedBy(2)).build();
		this.health = new LoopHealth("reading link state from " + this.status, clock);
	}

	@Override
	public Set<TopologyLink> down() {
		return this.down;
	}

	@Override
	public synchronized void start() {
		if (this.status == null) {
			return;
		}
		this.poller = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "link-status");
			thread.setDaemon(true);
			return thread;
		});
		this.poller.scheduleWithFixedDelay(this::poll, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public synchronized void stop() {
		if (this.poller != null) {
			this.poller.shutdownNow();
			this.poller = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.poller != null;
	}

	/** One round: read the emulator's links, publish what changed. */
	void poll() {
		Optional<ImportedTopology> current = this.catalog.current();
		if (current.isEmpty()) {
			return;
		}
		JsonNode links;
		try {
			links = read().path("links");
		}
		catch (IOException | RuntimeException ex) {
			if (!this.health.failing()) {
				logger.warn("link state: {} did not answer ({}); keeping the last state it gave", this.status,
						ex.getMessage());
			}
			this.health.failed(ex);
			return;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return;
		}
		if (this.health.succeeded()) {
			logger.info("link state: {} answers again", this.status);
		}
		update(current.get(), links);
	}

	private JsonNode read() throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(this.status).timeout(this.interval.multipliedBy(2)).GET().build();
		HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException("HTTP " + response.statusCode());
		}
		return JSON.readTree(response.body());
	}

	private void update(ImportedTopology imported, JsonNode links) {
		Set<String> cut = new HashSet<>();
		for (JsonNode link : links) {
			if (!link.path("up").asBoolean(true)) {
				cut.add(link.path("a").asText() + "/" + link.path("b").asText());
				cut.add(link.path("b").asText() + "/" + link.path("a").asText());
			}
		}
		Set<TopologyLink> now = new LinkedHashSet<>();
		for (TopologyLink link : imported.topology().links()) {
			if (cut.contains(link.a() + "/" + link.b())) {
				now.add(link);
			}
		}
		Set<TopologyLink> before = this.down;
		if (now.equals(before)) {
			return;
		}
		this.down = Set.copyOf(now);
		for (TopologyLink link : now) {
			if (!before.contains(link)) {
				logger.info("link {} is down", link);
				this.events.publishEvent(new LinkStateChanged(link, false, this.clock.instant()));
			}
		}
		for (TopologyLink link : before) {
			if (!now.contains(link)) {
				logger.info("link {} is up again", link);
				this.events.publishEvent(new LinkStateChanged(link, true, this.clock.instant()));
			}
		}
	}

}
