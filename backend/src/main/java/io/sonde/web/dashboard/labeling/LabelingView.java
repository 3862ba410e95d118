package io.sonde.web.dashboard.labeling;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.labeling.LabelingControl;
import io.sonde.labeling.LabelingCoverage;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.LabelingStates;
import io.sonde.labeling.LabelingVersion;
import io.sonde.labeling.PortKey;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The Labeling page's figures from the labeling module's faces: coverage, freshness, S
 * and the parameters in force. Each face may be missing (coverage switched off): the page
 * then says so instead of failing.
 */
@Component
class LabelingView {

	/** The chart's span on a page that opens. */
	static final Duration CHART_SPAN = Duration.ofMinutes(5);

	private final ObjectProvider<LabelingCoverage> coverage;

	private final ObjectProvider<LabelingStates> states;

	private final ObjectProvider<LabelingControl> control;

	private final SwitchManagement switches;

	private final Clock clock;

	LabelingView(ObjectProvider<LabelingCoverage> coverage, ObjectProvider<LabelingStates> states,
			ObjectProvider<LabelingControl> control, SwitchManagement switches, Clock clock) {
		this.coverage = coverage;
		this.states = states;
		this.control = control;
		this.switches = switches;
		this.clock = clock;
	}

	LabelingSnapshot snapshot() {
		Instant now = this.clock.instant();
		LabelingCoverage meter = this.coverage.getIfAvailable();
		return new LabelingSnapshot(now, meter != null, (meter != null) ? meter.current() : null,
				(meter != null) ? meter.history(CHART_SPAN) : List.of(), ports(now), parameters(), version());
	}

	List<LabelingSnapshot.PortCell> ports() {
		return ports(this.clock.instant());
	}

	private List<LabelingSnapshot.PortCell> ports(Instant now) {
		LabelingCoverage meter = this.coverage.getIfAvailable();
		return LabelingSnapshot.cells((meter != null) ? meter.freshness() : List.of(), shifts(), now);
	}

	private Map<PortKey, Integer> shifts() {
		LabelingStates known = this.states.getIfAvailable();
		try {
			return (known != null) ? known.shifts() : Map.of();
		}
		catch (RuntimeException ex) {
			// Redis away: the heat map shows freshness without S until it is back.
			return Map.of();
		}
	}

	private Map<String, LabelingParameters> parameters() {
		Map<String, LabelingParameters> inForce = new TreeMap<>();
		LabelingControl parameters = this.control.getIfAvailable();
		if (parameters == null) {
			return inForce;
		}
		try {
			for (SwitchView view : this.switches.switches()) {
				parameters.inForce(view.name()).ifPresent((value) -> inForce.put(view.name(), value));
			}
		}
		catch (RuntimeException ex) {
			// Redis away: no parameters shown rather than no page.
		}
		return inForce;
	}

	private LabelingSnapshot.VersionLine version() {
		LabelingControl parameters = this.control.getIfAvailable();
		if (parameters == null) {
			return null;
		}
		try {
			return parameters.current()
				.map((LabelingVersion version) -> new LabelingSnapshot.VersionLine(version.version(), version.author(),
						version.at(), version.kind().name().toLowerCase(java.util.Locale.ROOT), version.comment()))
				.orElse(null);
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

}
