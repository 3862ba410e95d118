package io.sonde.switches.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.sonde.switches.Reachability;
import io.sonde.switches.SwitchEndpointReachable;
import io.sonde.switches.SwitchEndpointStatus;
import io.sonde.switches.SwitchEndpointUnreachable;
import io.sonde.topology.TopologySwitch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EndpointStatesTests {

	private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

	private static final TopologySwitch CORE = new TopologySwitch("core-0", 1, "127.0.0.1", 50001, "core",
			"02:53:00:00:00:01");

	private static final TopologySwitch EDGE = new TopologySwitch("edge-0-0", 2, "127.0.0.1", 50002, "edge",
			"02:53:00:00:00:02");

	private final List<Object> events = new ArrayList<>();

	private final EndpointStates states = new EndpointStates(this.events::add, Clock.fixed(START, ZoneOffset.UTC),
			Duration.ofSeconds(5));

	@Test
	void tracksTheSwitchesAsNotCheckedInTopologyOrder() {
		this.states.track(List.of(EDGE, CORE));

		assertThat(this.states.all()).extracting(SwitchEndpointStatus::name).containsExactly("edge-0-0", "core-0");
		assertThat(this.states.all()).allSatisfy((status) -> {
			assertThat(status.state()).isEqualTo(Reachability.NOT_CHECKED);
			assertThat(status.lastCheckedAt()).isNull();
			assertThat(status.stateSince()).isEqualTo(START);
		});
		assertThat(this.states.named("core-0").orElseThrow().address()).isEqualTo("127.0.0.1:50001");
		assertThat(this.events).isEmpty();
	}

	@Test
	void announcesAReachableSwitchOnceAndKeepsItsLatestRoundTrip() {
		this.states.track(List.of(CORE));

		this.states.record(CORE, ProbeResult.reached("1.4.0", Duration.ofMillis(3), at(5)));
		this.states.record(CORE, ProbeResult.reached("1.4.0", Duration.ofMillis(2), at(10)));

		assertThat(this.events).containsExactly(
				new SwitchEndpointReachable("core-0", 1, "127.0.0.1:50001", "1.4.0", Duration.ofMillis(3), at(5)));
		SwitchEndpointStatus status = this.states.named("core-0").orElseThrow();
		assertThat(status.state()).isEqualTo(Reachability.REACHABLE);
		assertThat(status.roundTrip()).isEqualTo(Duration.ofMillis(2));
		assertThat(status.lastCheckedAt()).isEqualTo(at(10));
		assertThat(status.stateSince()).isEqualTo(at(5));
	}

	@Test
	void announcesASwitchThatStopsAnsweringWithTheErrorAndKeepsTheErrorAfterItRecovers() {
		this.states.track(List.of(CORE));
		this.states.record(CORE, ProbeResult.reached("1.4.0", Duration.ofMillis(1), at(5)));

		this.states.record(CORE, ProbeResult.failed("capabilities failed with UNAVAILABLE", at(10)));
		this.states.record(CORE, ProbeResult.failed("capabilities failed with DEADLINE_EXCEEDED", at(15)));

		assertThat(this.events).hasSize(2)
			.last()
			.isEqualTo(new SwitchEndpointUnreachable("core-0", 1, "127.0.0.1:50001",
					"capabilities failed with UNAVAILABLE", at(10)));
		SwitchEndpointStatus down = this.states.named("core-0").orElseThrow();
		assertThat(down.state()).isEqualTo(Reachability.UNREACHABLE);
		assertThat(down.apiVersion()).isNull();
		assertThat(down.roundTrip()).isNull();
		assertThat(down.lastError()).isEqualTo("capabilities failed with DEADLINE_EXCEEDED");
		assertThat(down.stateSince()).isEqualTo(at(10));

		this.states.record(CORE, ProbeResult.reached("1.4.0", Duration.ofMillis(1), at(20)));

		assertThat(this.events).hasSize(3).last().isInstanceOf(SwitchEndpointReachable.class);
		SwitchEndpointStatus back = this.states.named("core-0").orElseThrow();
		assertThat(back.lastError()).isEqualTo("capabilities failed with DEADLINE_EXCEEDED");
		assertThat(back.lastErrorAt()).isEqualTo(at(15));
	}

	@Test
	void announcesASwitchThatNeverAnswered() {
		this.states.track(List.of(EDGE));

		this.states.record(EDGE, ProbeResult.failed("connection refused", at(1)));

		assertThat(this.events).containsExactly(
				new SwitchEndpointUnreachable("edge-0-0", 2, "127.0.0.1:50002", "connection refused", at(1)));
	}

	@Test
	void keepsWhatItKnowsOfASwitchThatANewTopologyKeepsAtTheSameEndpoint() {
		this.states.track(List.of(CORE, EDGE));
		this.states.record(CORE, ProbeResult.reached("1.4.0", Duration.ofMillis(1), at(5)));
		this.states.record(EDGE, ProbeResult.reached("1.4.0", Duration.ofMillis(1), at(5)));
		TopologySwitch coreAsSpine = new TopologySwitch("core-0", 1, "127.0.0.1", 50001, "spine", CORE.mac());
		TopologySwitch edgeMoved = new TopologySwitch("edge-0-0", 2, "127.0.0.1", 50102, "edge", EDGE.mac());

		this.states.track(List.of(coreAsSpine, edgeMoved));

		assertThat(this.states.named("core-0").orElseThrow()).satisfies((core) -> {
			assertThat(core.state()).isEqualTo(Reachability.REACHABLE);
			assertThat(core.role()).isEqualTo("spine");
		});
		assertThat(this.states.named("edge-0-0").orElseThrow()).satisfies((edge) -> {
			assertThat(edge.state()).isEqualTo(Reachability.NOT_CHECKED);
			assertThat(edge.address()).isEqualTo("127.0.0.1:50102");
		});
	}

	@Test
	void ignoresAResultForASwitchNoLongerAtThatEndpoint() {
		this.states.track(List.of(CORE, EDGE));
		this.states.track(List.of(new TopologySwitch("core-0", 1, "127.0.0.1", 50101, "core", CORE.mac())));

		this.states.record(CORE, ProbeResult.reached("1.4.0", Duration.ofMillis(1), at(5)));
		this.states.record(EDGE, ProbeResult.reached("1.4.0", Duration.ofMillis(1), at(5)));

		assertThat(this.states.all()).singleElement().satisfies((core) -> {
			assertThat(core.address()).isEqualTo("127.0.0.1:50101");
			assertThat(core.state()).isEqualTo(Reachability.NOT_CHECKED);
		});
		assertThat(this.events).isEmpty();
	}

	private static Instant at(int seconds) {
		return START.plusSeconds(seconds);
	}

}
