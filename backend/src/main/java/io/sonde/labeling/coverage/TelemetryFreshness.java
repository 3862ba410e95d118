package io.sonde.labeling.coverage;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;
import io.sonde.ingest.CollectorMetric;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.PortFreshness;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.labeling.TelemetrySource;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSessionCompleted;

import org.springframework.context.event.EventListener;

/**
 * When each telemetry source last measured each switch and port, network-wide: INT-label
 * items as result collection applies them, INT-MD as the ingest's events name a switch
 * (and an egress port for link metrics), GPINT as a completed probing session read each
 * switch (the port is the one toward the next switch of its path). Every cabled port of
 * the topology is listed, measured or not, so what nothing measured lately shows.
 * <p>
 * INT-MD's events are INTCollector's (a new key, a change past its threshold): a metric
 * that holds steady produces none, so INT-MD freshness says when a report last told
 * something new, not when the last report arrived. Kept in memory: after a restart the
 * sources refresh it within their own periods.
 */
public class TelemetryFreshness {

	private static final Set<String> INT_MD_METRICS = intMdMetrics();

	private final Map<PortKey, Map<TelemetrySource, Instant>> ports = new ConcurrentHashMap<>();

	private final Map<String, Map<TelemetrySource, Instant>> switches = new ConcurrentHashMap<>();

	private final Supplier<Map<String, Set<Integer>>> cabled;

	private final Function<Long, String> switchOfNodeId;

	private final FlowPorts flowPorts;

	/**
	 * @param cabled the cabled ports of each switch of the imported topology
	 * @param switchOfNodeId the switch an INT node id belongs to; null when none
	 * @param flowPorts the port a switch reaches another switch by
	 */
	TelemetryFreshness(Supplier<Map<String, Set<Integer>>> cabled, Function<Long, String> switchOfNodeId,
			FlowPorts flowPorts) {
		this.cabled = cabled;
		this.switchOfNodeId = switchOfNodeId;
		this.flowPorts = flowPorts;
	}

	@EventListener
	void labelStatesUpdated(LabelStatesUpdated updated) {
		for (PortLabelState state : updated.applied()) {
			seen(state.port(), TelemetrySource.INT_LABEL, state.receivedAt());
		}
	}

	@EventListener
	void eventsAppended(EventsAppended appended) {
		for (TelemetryEvent event : appended.events()) {
			if (event.switchId() == null || !INT_MD_METRICS.contains(event.metric())) {
				continue;
			}
			String name = this.switchOfNodeId.apply(event.switchId());
			if (name == null) {
				continue;
			}
			if (event.port() != null && event.port() >= 0 && event.port() <= Integer.MAX_VALUE) {
				seen(new PortKey(name, event.port().intValue()), TelemetrySource.INT_MD, event.detectedAt());
			}
			else {
				seenSwitch(name, TelemetrySource.INT_MD, event.detectedAt());
			}
		}
	}

	@EventListener
	void probeSessionCompleted(ProbeSessionCompleted completed) {
		ProbeSession session = completed.session();
		session.telemetry().forEach((name, reading) -> {
			if (reading.receivedAt() == null) {
				return;
			}
			seenSwitch(name, TelemetrySource.GPINT, reading.receivedAt());
			if (reading.path() < 0 || reading.path() >= session.paths().size()) {
				return;
			}
			List<String> path = session.paths().get(reading.path()).switches();
			int at = path.indexOf(name);
			if (at >= 0 && at + 1 < path.size()) {
				Integer port = this.flowPorts.portToward(name, path.get(at + 1));
				if (port != null) {
					seen(new PortKey(name, port), TelemetrySource.GPINT, reading.receivedAt());
				}
			}
		});
	}

	/** Every cabled port and every port a source measured, by switch then port. */
	List<PortFreshness> ports() {
		Map<PortKey, Map<TelemetrySource, Instant>> all = new TreeMap<>();
		this.cabled.get()
			.forEach((name, cabledPorts) -> cabledPorts.forEach((port) -> all.put(new PortKey(name, port), Map.of())));
		this.ports.forEach((port, seen) -> all.put(port, copy(seen)));
		List<PortFreshness> list = new ArrayList<>(all.size());
		all.forEach((port, seen) -> list.add(new PortFreshness(port, seen)));
		return list;
	}

	/**
	 * Per switch, when each source last measured it: any of its ports, or the switch as a
	 * whole (INT-MD's hop and queue metrics, GPINT's readings).
	 */
	Map<String, Map<TelemetrySource, Instant>> switches() {
		Map<String, Map<TelemetrySource, Instant>> all = new TreeMap<>();
		this.cabled.get().keySet().forEach((name) -> all.put(name, new EnumMap<>(TelemetrySource.class)));
		this.switches.forEach(
				(name, seen) -> merge(all.computeIfAbsent(name, (key) -> new EnumMap<>(TelemetrySource.class)), seen));
		this.ports.forEach((port, seen) -> merge(
				all.computeIfAbsent(port.switchName(), (key) -> new EnumMap<>(TelemetrySource.class)), seen));
		Map<String, Map<TelemetrySource, Instant>> copies = new TreeMap<>();
		all.forEach((name, seen) -> copies.put(name, Map.copyOf(seen)));
		return copies;
	}

	private void seen(PortKey port, TelemetrySource source, Instant at) {
		this.ports.computeIfAbsent(port, (key) -> new ConcurrentHashMap<>())
			.merge(source, at, TelemetryFreshness::later);
	}

	private void seenSwitch(String name, TelemetrySource source, Instant at) {
		this.switches.computeIfAbsent(name, (key) -> new ConcurrentHashMap<>())
			.merge(source, at, TelemetryFreshness::later);
	}

	private static void merge(Map<TelemetrySource, Instant> into, Map<TelemetrySource, Instant> from) {
		from.forEach((source, at) -> into.merge(source, at, TelemetryFreshness::later));
	}

	private static Map<TelemetrySource, Instant> copy(Map<TelemetrySource, Instant> seen) {
		return new HashMap<>(seen);
	}

	private static Instant later(Instant one, Instant other) {
		return one.isAfter(other) ? one : other;
	}

	private static Set<String> intMdMetrics() {
		Set<String> names = new TreeSet<>();
		for (CollectorMetric metric : CollectorMetric.values()) {
			names.add(metric.wireName());
		}
		return Set.copyOf(names);
	}

	/** The port by which one switch reaches a neighbour switch; null when not cabled. */
	interface FlowPorts {

		Integer portToward(String from, String to);

	}

}
