package io.sonde.collectorfleet.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.sonde.switches.InstalledEntity;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.StateDiff;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.SwitchView;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reports exported per switch: the sum of the sequence register's cells (one per hw_id),
 * decimal or hex, and the reason when a switch cannot be read. The register's name is the
 * P4Info's.
 */
class SwitchExportsTests {

	@Test
	void sumsTheSequenceRegisterCellsPerSwitchAndSaysWhyOneIsUnreadable() {
		SwitchManagement switches = new Switches(
				Map.of("s1", List.of(cell("0", "120"), cell("1", "0x10"), cell("2", "")), "s2", List.of()));

		Map<String, Object> exported = new SwitchExports(switches).perSwitch();

		assertThat(exported).containsEntry("s1", 136L).containsEntry("s2", 0L);
		assertThat(exported.get("s3")).asString().startsWith("unreadable: ");
	}

	@Test
	void readsTheRegisterTheP4InfoNames() throws IOException {
		try (InputStream p4info = getClass().getResourceAsStream("/p4info/sonde.p4info.txtpb")) {
			assertThat(p4info).isNotNull();
			assertThat(new String(p4info.readAllBytes(), StandardCharsets.UTF_8))
				.contains("name: \"" + SwitchExports.REGISTER + "\"");
		}
	}

	private static InstalledEntity cell(String index, String value) {
		return new InstalledEntity("register", SwitchExports.REGISTER, Map.of("index", index), Map.of("value", value),
				0);
	}

	/** s1 and s2 answer with their cells; s3 is not connected. */
	private record Switches(Map<String, List<InstalledEntity>> cells) implements SwitchManagement {

		@Override
		public List<SwitchView> switches() {
			return List.of(view("s1"), view("s2"), view("s3"));
		}

		private static SwitchView view(String name) {
			return new SwitchView(new SwitchDevice(name, "127.0.0.1", 9559, 1, null, 1, null, null, true), null);
		}

		@Override
		public List<InstalledEntity> read(String name, String kind, String entity) {
			assertThat(kind).isEqualTo("registers");
			assertThat(entity).isEqualTo(SwitchExports.REGISTER);
			List<InstalledEntity> found = this.cells.get(name);
			if (found == null) {
				throw new SwitchNotReady(name + " is not connected");
			}
			return found;
		}

		@Override
		public Optional<SwitchView> switchNamed(String name) {
			throw new UnsupportedOperationException();
		}

		@Override
		public SwitchView register(SwitchDevice device) {
			throw new UnsupportedOperationException();
		}

		@Override
		public SwitchView update(SwitchDevice device) {
			throw new UnsupportedOperationException();
		}

		@Override
		public void remove(String name) {
			throw new UnsupportedOperationException();
		}

		@Override
		public SwitchView connect(String name) {
			throw new UnsupportedOperationException();
		}

		@Override
		public SwitchView disconnect(String name) {
			throw new UnsupportedOperationException();
		}

		@Override
		public ReconcileReport pushPipeline(String name, boolean force) {
			throw new UnsupportedOperationException();
		}

		@Override
		public StateDiff diff(String name) {
			throw new UnsupportedOperationException();
		}

		@Override
		public ReconcileReport reconcile(String name) {
			throw new UnsupportedOperationException();
		}

		@Override
		public void packetOut(String name, int egressPort, byte[] frame) {
			throw new UnsupportedOperationException();
		}

	}

}
