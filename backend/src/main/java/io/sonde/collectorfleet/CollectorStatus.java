package io.sonde.collectorfleet;

import java.util.Map;

/**
 * One collector's counters hash ({@code sonde:collector:<node>:<ifname>:counters}).
 *
 * @param node the collector host
 * @param ifname its interface ({@code udp} for the Java collector)
 * @param live whether it wrote its counters recently
 * @param ageMs milliseconds since it last wrote them ({@code updated_ms}); null if it
 * never said
 * @param counters every field as written
 */
public record CollectorStatus(String node, String ifname, boolean live, Long ageMs, Map<String, String> counters) {

	/** A counter as a number, 0 when absent or not a number. */
	public long counter(String name) {
		String value = this.counters.get(name);
		if (value == null) {
			return 0;
		}
		try {
			return Long.parseUnsignedLong(value);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

}
