package io.sonde.collectorfleet.internal;

import java.util.Map;
import java.util.TreeMap;

import io.sonde.p4programs.names.P4Registers;
import io.sonde.switches.InstalledEntity;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;

/**
 * Reports the switches exported, from sonde.p4's per-hw_id report sequence number
 * register: each cell holds the next number to send, so the sum over the cells is the
 * reports sent since the pipeline was loaded (the TR2.0 header carries 22 bits of it).
 */
class SwitchExports {

	static final String REGISTER = P4Registers.ReportSequenceNumber.NAME;

	private final SwitchManagement switches;

	SwitchExports(SwitchManagement switches) {
		this.switches = switches;
	}

	/** Per switch: reports exported, or the reason it could not be read. */
	Map<String, Object> perSwitch() {
		Map<String, Object> out = new TreeMap<>();
		for (SwitchView view : this.switches.switches().stream().filter(SwitchView::registered).toList()) {
			try {
				long sum = 0;
				for (InstalledEntity cell : this.switches.read(view.name(), "registers", REGISTER)) {
					sum += parse(cell.value().get("value"));
				}
				out.put(view.name(), sum);
			}
			catch (RuntimeException ex) {
				out.put(view.name(), "unreadable: " + ex.getMessage());
			}
		}
		return out;
	}

	private static long parse(String value) {
		if (value == null || value.isBlank()) {
			return 0;
		}
		String text = value.trim();
		if (text.startsWith("0x") || text.startsWith("0X")) {
			return Long.parseUnsignedLong(text.substring(2), 16);
		}
		return Long.parseUnsignedLong(text);
	}

}
