package io.sonde.alerts.internal.linkloss;

import java.util.List;
import java.util.Map;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;
import io.sonde.switches.PollingRound;
import io.sonde.switches.PortCounterPolling;
import io.sonde.topology.TopologyCatalog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * {@code link.loss_ratio}: per direction of every switch-to-switch link of the current
 * topology, the share of frames lost between the last two port-counter polling rounds.
 * Reads what the polling already holds, so it costs no request to a switch; with polling
 * off ({@code sonde.switches.polling-interval=0s}) there is no series.
 */
@Component
class LinkLossRatioSource implements LiveValueSource {

	static final String NAME = "link.loss_ratio";

	// Providers, as for the module's other live values: a test of the alerts module
	// alone runs without the topology and switches modules, and there is no series.
	private final ObjectProvider<TopologyCatalog> topology;

	private final ObjectProvider<PortCounterPolling> polling;

	LinkLossRatioSource(ObjectProvider<TopologyCatalog> topology, ObjectProvider<PortCounterPolling> polling) {
		this.topology = topology;
		this.polling = polling;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public String description() {
		return "Share of the frames a switch port sent over a link that the switch at the other end did not "
				+ "receive, between the last two port-counter polling rounds (labels link, switch and port: "
				+ "the sending end)";
	}

	@Override
	public String unit() {
		return "ratio";
	}

	@Override
	public List<LiveValue> read() {
		PortCounterPolling polling = this.polling.getIfAvailable();
		TopologyCatalog topology = this.topology.getIfAvailable();
		if (polling == null || topology == null) {
			return List.of();
		}
		PollingRound[] lastTwo = polling.lastTwo();
		if (lastTwo[0] == null || lastTwo[1] == null) {
			return List.of();
		}
		return topology.current()
			.map((imported) -> LinkLosses.between(imported.topology(), lastTwo[0], lastTwo[1])
				.stream()
				.map((loss) -> new LiveValue(
						Map.of("link", loss.link(), "switch", loss.switchName(), "port", String.valueOf(loss.port())),
						loss.ratio()))
				.toList())
			.orElse(List.of());
	}

}
