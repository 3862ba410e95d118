package io.sonde.agents.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stream entry of a NIC agent (agent/REDIS_CONTRACT.md, version 1): its origin fields
 * and the lines it batches, each read into its {@code name=value} pairs.
 *
 * @param agent the agent's node id
 * @param ifname its interface
 * @param run the daemon's start, wall-clock ms
 */
record AgentEntry(String agent, String ifname, long run) {

	/**
	 * The entry's origin.
	 * @throws MalformedAgentEntry when a field is missing or not what the contract says
	 */
	static AgentEntry of(Map<String, String> fields) {
		if (fields == null) {
			throw new MalformedAgentEntry("entry", "trimmed from the stream");
		}
		if (!"1".equals(fields.get("v"))) {
			throw new MalformedAgentEntry("v", "contract version " + fields.get("v") + ", not 1");
		}
		String agent = required(fields, "agent");
		String ifname = required(fields, "ifname");
		return new AgentEntry(agent, ifname, unsigned(fields, "run"));
	}

	/**
	 * {@code nic_agent/<agent>/<ifname>/<run>/<seq>}: one key for every copy of a line.
	 */
	String origin(long seq) {
		return "nic_agent/" + this.agent + "/" + this.ifname + "/" + this.run + "/" + seq;
	}

	/** {@code nic_agent:<agent>/<ifname>}. */
	String source() {
		return "nic_agent:" + this.agent + "/" + this.ifname;
	}

	/** The lines of a batched field ({@code events}, {@code records}), one map each. */
	static List<Map<String, String>> lines(Map<String, String> fields, String field) {
		String text = required(fields, field);
		List<Map<String, String>> out = new ArrayList<>();
		for (String line : text.split("\n")) {
			if (!line.isBlank()) {
				out.add(pairs(line));
			}
		}
		return out;
	}

	static Map<String, String> pairs(String line) {
		Map<String, String> pairs = new HashMap<>();
		for (String pair : line.trim().split(" ")) {
			int eq = pair.indexOf('=');
			if (eq <= 0) {
				throw new MalformedAgentEntry("line", "'" + pair + "' is not name=value");
			}
			pairs.put(pair.substring(0, eq), pair.substring(eq + 1));
		}
		return pairs;
	}

	static String required(Map<String, String> fields, String name) {
		String value = fields.get(name);
		if (value == null || value.isEmpty()) {
			throw new MalformedAgentEntry(name, "missing");
		}
		return value;
	}

	/** An unsigned decimal up to 2^63-1 (every counter and time of the contract). */
	static long unsigned(Map<String, String> fields, String name) {
		String value = required(fields, name);
		try {
			long number = Long.parseLong(value);
			if (number >= 0) {
				return number;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new MalformedAgentEntry(name, "'" + value + "' is not an unsigned decimal");
	}

	static double decimal(Map<String, String> fields, String name) {
		String value = required(fields, name);
		try {
			return Double.parseDouble(value);
		}
		catch (NumberFormatException ex) {
			throw new MalformedAgentEntry(name, "'" + value + "' is not a number");
		}
	}

	/**
	 * A stream entry or line that breaks the contract: skipped (logged), never stored
	 * half.
	 */
	static final class MalformedAgentEntry extends IllegalArgumentException {

		MalformedAgentEntry(String field, String detail) {
			super(field + ": " + detail);
		}

	}

}
