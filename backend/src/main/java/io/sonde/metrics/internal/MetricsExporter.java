package io.sonde.metrics.internal;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;
import io.sonde.metrics.ExportStatistics;
import io.sonde.metrics.MetricsExport;
import io.sonde.store.MetricPoint;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * The exporter (paper Section III-E): each appended event's value becomes a point at once
 * (at the time the event was detected), and every push interval every known key's current
 * value becomes a point at the push's time, so a chart has a value per interval even for
 * keys whose value stays within T(m). Where the event log's table already holds each
 * event's value in the same store (QuestDB), the event's point is not written twice:
 * {@link StoreMetricHistory} reads it there ({@code sonde.metrics.event-points}).
 */
class MetricsExporter implements MetricsExport, SmartLifecycle {

	private final PointWriter writer;

	private final LatestValues latest;

	private final MetricsProperties properties;

	private final Clock clock;

	private final boolean writeEventPoints;

	private final AtomicLong eventValues = new AtomicLong();

	private final AtomicLong eventPoints = new AtomicLong();

	private final AtomicLong pushPoints = new AtomicLong();

	private final AtomicLong pushes = new AtomicLong();

	private ScheduledExecutorService pusher;

	private volatile boolean running;

	MetricsExporter(PointWriter writer, MetricsProperties properties, Clock clock, boolean writeEventPoints) {
		this.writer = writer;
		this.latest = new LatestValues(properties.maxKeys());
		this.properties = properties;
		this.clock = clock;
		this.writeEventPoints = writeEventPoints;
	}

	/** Only queues: the store is written from the writer's thread. */
	@EventListener
	void on(EventsAppended appended) {
		this.eventValues.addAndGet(appended.events().size());
		if (!this.writeEventPoints) {
			for (TelemetryEvent event : appended.events()) {
				this.latest.update(event);
			}
			return;
		}
		List<MetricPoint> points = new ArrayList<>(appended.events().size());
		for (TelemetryEvent event : appended.events()) {
			this.latest.update(event);
			points.add(MetricPoints.of(event, MetricPoints.ORIGIN_EVENT, event.detectedAt()));
		}
		this.eventPoints.addAndGet(points.size());
		this.writer.offer(points);
	}

	/** One periodic push: every key's latest value at the clock's now. */
	void push() {
		Instant now = this.clock.instant();
		List<MetricPoint> points = this.latest.unordered()
			.stream()
			.map((latest) -> MetricPoints.of(latest, MetricPoints.ORIGIN_PUSH, now))
			.toList();
		this.pushPoints.addAndGet(points.size());
		this.pushes.incrementAndGet();
		this.writer.offer(points);
	}

	@Override
	public ExportStatistics statistics() {
		return new ExportStatistics(this.eventValues.get(), this.eventPoints.get(), this.pushPoints.get(),
				this.writer.written(), this.writer.dropped(), this.writer.pending(), this.writer.retries(),
				this.pushes.get(), this.latest.size(), this.latest.refused());
	}

	@Override
	public List<MetricKey> keys(String metric, Long switchId) {
		return this.latest.all()
			.stream()
			.filter((latest) -> latest.metric().equals(metric))
			.filter((latest) -> switchId == null || switchId.equals(latest.switchId())
					|| latest.path().contains(switchId))
			.map((latest) -> new MetricKey(latest.metric(), latest.key(), latest.switchId(), latest.queueId(),
					latest.port(), (latest.flow() != null) ? latest.flow().toString() : null, latest.value(),
					latest.detectedAt()))
			.toList();
	}

	@Override
	public void start() {
		this.writer.start();
		long every = this.properties.pushInterval().toMillis();
		if (every > 0) {
			this.pusher = Executors.newSingleThreadScheduledExecutor((task) -> {
				Thread thread = new Thread(task, "metrics-push");
				thread.setDaemon(true);
				return thread;
			});
			this.pusher.scheduleAtFixedRate(this::push, every, every, TimeUnit.MILLISECONDS);
		}
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		if (this.pusher != null) {
			this.pusher.shutdownNow();
		}
		this.writer.close();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
