package io.sonde.web.dashboard;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.EntityChange;
import io.sonde.switches.InstalledEntity;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.StateDiff;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchNotFound;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.SwitchView;

/**
 * What the switches module would report, set by each test, and what was asked of it. A
 * switch in {@link #notReady} answers every call that needs the switch with
 * {@link SwitchNotReady}, as a disconnected one does.
 */
final class FakeSwitches implements SwitchManagement {

	static final Instant AT = Instant.parse("2026-11-23T10:15:28Z");

	final Map<String, SwitchView> views = new LinkedHashMap<>();

	final List<String> calls = new ArrayList<>();

	final List<String> notReady = new ArrayList<>();

	final Map<String, List<InstalledEntity>> installed = new LinkedHashMap<>();

	void reset() {
		this.views.clear();
		this.calls.clear();
		this.notReady.clear();
		this.installed.clear();
	}

	static SwitchView view(String name, int port, ConnectionState state, long rttMicros, String lastError) {
		return view(name, port, state, rttMicros, lastError, null);
	}

	static SwitchView view(String name, int port, ConnectionState state, long rttMicros, String lastError,
			ReconcileReport report) {
		SwitchDevice device = new SwitchDevice(name, "127.0.0.1", port, port - 50000, "", 1,
				SwitchDevice.SONDE_PIPELINE, null, state != ConnectionState.DISABLED);
		return new SwitchView(device, new ConnectionStatus(state, AT, 1, rttMicros, lastError,
				(lastError != null) ? AT : null, (report != null) ? 0xabcL : 0, report, 0));
	}

	static ReconcileReport report(String name) {
		return new ReconcileReport(name, AT, "connected", true, 42,
				List.of(new EntityChange("INSERT", "SondeIngress.forwarding.ipv4_lpm dst_addr=10.0.0.2/32",
						"set_next_hop port=1", null)),
				List.of(new EntityChange("MODIFY", "SondeEgress.int_node_id default=true",
						"SondeEgress.set_int_node_id(node_id=7)", "RESOURCE_EXHAUSTED: full")),
				12);
	}

	void put(SwitchView view) {
		this.views.put(view.name(), view);
	}

	@Override
	public List<SwitchView> switches() {
		return List.copyOf(this.views.values());
	}

	@Override
	public Optional<SwitchView> switchNamed(String name) {
		return Optional.ofNullable(this.views.get(name));
	}

	@Override
	public SwitchView register(SwitchDevice device) {
		throw new UnsupportedOperationException("not used by the dashboard");
	}

	@Override
	public SwitchView update(SwitchDevice device) {
		throw new UnsupportedOperationException("not used by the dashboard");
	}

	@Override
	public void remove(String name) {
		throw new UnsupportedOperationException("not used by the dashboard");
	}

	@Override
	public SwitchView connect(String name) {
		return record("connect " + name);
	}

	@Override
	public SwitchView disconnect(String name) {
		return record("disconnect " + name);
	}

	@Override
	public ReconcileReport pushPipeline(String name, boolean force) {
		record("pushPipeline " + name + " force=" + force);
		return report(name);
	}

	@Override
	public StateDiff diff(String name) {
		record("diff " + name);
		return new StateDiff(name, AT, 42, 41, List.of(new EntityChange("INSERT",
				"SondeIngress.int_sink.int_sink_ports egress_port=3", "mark_sink_port", null)));
	}

	@Override
	public ReconcileReport reconcile(String name) {
		record("reconcile " + name);
		return report(name);
	}

	@Override
	public List<InstalledEntity> read(String name, String kind, String entity) {
		if (this.notReady.contains(name)) {
			throw new SwitchNotReady("Sonde is not connected to " + name + " (unreachable)");
		}
		this.calls.add("read " + name + " " + kind + " " + entity);
		return this.installed.getOrDefault(entity, List.of());
	}

	@Override
	public void packetOut(String name, int egressPort, byte[] frame) {
		throw new UnsupportedOperationException("not used by the dashboard");
	}

	private SwitchView record(String call) {
		String name = call.split(" ")[1];
		SwitchView view = this.views.get(name);
		if (view == null) {
			throw new SwitchNotFound(name);
		}
		if (this.notReady.contains(name)) {
			throw new SwitchNotReady("Sonde is not connected to " + name + " (unreachable)");
		}
		this.calls.add(call);
		return view;
	}

}
