package io.sonde.p4programs;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the P4 source declares, read with regular expressions: enough of P4_16 to check
 * the checked-in P4Info against the source where no p4c exists. It understands the
 * constructs sonde.p4 uses (typedefs, headers, the headers struct, tables with keys,
 * actions with params, counters, direct counters and registers) and fails loudly on what
 * it cannot resolve.
 */
final class P4SourceModel {

	private static final Pattern DEFINE = Pattern.compile("#define\\s+(\\w+)\\s+(\\d+)");

	private static final Pattern TYPEDEF = Pattern.compile("typedef\\s+bit<(\\d+)>\\s+(\\w+)\\s*;");

	private static final Pattern HEADER = Pattern.compile("header\\s+(\\w+)\\s*\\{([^}]*)}");

	private static final Pattern STRUCT = Pattern.compile("struct\\s+(\\w+)\\s*\\{([^}]*)}");

	private static final Pattern MEMBER = Pattern.compile("([\\w<>]+)\\s+(\\w+)\\s*;");

	private static final Pattern TABLE = Pattern.compile("table\\s+(\\w+)\\s*\\{");

	private static final Pattern KEY_BLOCK = Pattern.compile("key\\s*=\\s*\\{([^}]*)}");

	private static final Pattern KEY = Pattern
		.compile("([\\w.\\[\\]]+)\\s*:\\s*(\\w+)\\s*(?:@name\\(\"(\\w+)\"\\))?\\s*;");

	private static final Pattern ACTION = Pattern.compile("action\\s+(\\w+)\\s*\\(([^)]*)\\)");

	private static final Pattern COUNTER = Pattern.compile("\\bcounter\\s*\\(\\s*(\\w+)\\s*,[^)]*\\)\\s*(\\w+)\\s*;");

	private static final Pattern DIRECT_COUNTER = Pattern.compile("direct_counter\\s*\\([^)]*\\)\\s*(\\w+)\\s*;");

	private static final Pattern REGISTER = Pattern
		.compile("register\\s*<\\s*bit<(\\w+)>\\s*>\\s*\\(\\s*(\\w+)\\s*\\)\\s*(\\w+)\\s*;");

	final Map<String, Long> constants = new HashMap<>();

	final Map<String, Integer> typeWidths = new HashMap<>();

	final Map<String, Map<String, Integer>> headerFields = new HashMap<>();

	final Map<String, String> headerInstances = new HashMap<>();

	final Map<String, List<Key>> tables = new LinkedHashMap<>();

	final Map<String, Map<String, Integer>> actions = new LinkedHashMap<>();

	final Map<String, Long> counters = new LinkedHashMap<>();

	final Map<String, Boolean> directCounters = new LinkedHashMap<>();

	final Map<String, long[]> registers = new LinkedHashMap<>();

	record Key(String field, String matchKind, String name) {
	}

	static P4SourceModel read(String source) {
		P4SourceModel model = new P4SourceModel();
		String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
		model.collect(code);
		return model;
	}

	private void collect(String code) {
		each(DEFINE, code, (m) -> this.constants.put(m.group(1), Long.parseLong(m.group(2))));
		each(TYPEDEF, code, (m) -> this.typeWidths.put(m.group(2), Integer.parseInt(m.group(1))));
		each(HEADER, code, (m) -> {
			Map<String, Integer> fields = new LinkedHashMap<>();
			each(MEMBER, m.group(2), (f) -> fields.put(f.group(2), width(f.group(1))));
			this.headerFields.put(m.group(1), fields);
		});
		each(STRUCT, code, (m) -> each(MEMBER, m.group(2), (f) -> {
			if (this.headerFields.containsKey(f.group(1))) {
				this.headerInstances.put(f.group(2), f.group(1));
			}
		}));
		each(TABLE, code, (m) -> {
			Matcher keys = KEY_BLOCK.matcher(block(code, m.end() - 1));
			List<Key> parsed = new java.util.ArrayList<>();
			if (keys.find()) {
				each(KEY, keys.group(1), (k) -> parsed
					.add(new Key(k.group(1), k.group(2), (k.group(3) != null) ? k.group(3) : k.group(1))));
			}
			this.tables.put(m.group(1), parsed);
		});
		each(ACTION, code, (m) -> {
			Map<String, Integer> params = new LinkedHashMap<>();
			for (String param : m.group(2).split(",")) {
				String[] words = param.strip().split("\\s+");
				if (words.length >= 2) {
					params.put(words[words.length - 1], width(words[words.length - 2]));
				}
			}
			this.actions.put(m.group(1), params);
		});
		each(COUNTER, code, (m) -> this.counters.put(m.group(2), value(m.group(1))));
		each(DIRECT_COUNTER, code, (m) -> this.directCounters.put(m.group(1), true));
		each(REGISTER, code,
				(m) -> this.registers.put(m.group(3), new long[] { value(m.group(1)), value(m.group(2)) }));
	}

	/** The text between the brace at {@code open} and its matching closing brace. */
	private static String block(String code, int open) {
		int depth = 0;
		for (int i = open; i < code.length(); i++) {
			char c = code.charAt(i);
			if (c == '{') {
				depth++;
			}
			else if (c == '}' && --depth == 0) {
				return code.substring(open + 1, i);
			}
		}
		throw new IllegalStateException("unbalanced braces after offset " + open);
	}

	/**
	 * Bit width of a field reached from the headers struct, e.g.
	 * {@code hdr.ipv4.dst_addr}.
	 */
	int fieldWidth(String path) {
		String[] parts = path.split("\\.");
		if (parts.length != 3) {
			throw new IllegalStateException("cannot resolve key " + path + " (expected hdr.<header>.<field>)");
		}
		String headerType = this.headerInstances.get(parts[1]);
		if (headerType == null) {
			throw new IllegalStateException("no header instance " + parts[1] + " for key " + path);
		}
		Integer width = this.headerFields.get(headerType).get(parts[2]);
		if (width == null) {
			throw new IllegalStateException("header " + headerType + " has no field " + parts[2]);
		}
		return width;
	}

	private int width(String type) {
		Matcher bit = Pattern.compile("bit<(\\d+)>").matcher(type);
		if (bit.matches()) {
			return Integer.parseInt(bit.group(1));
		}
		Integer known = this.typeWidths.get(type);
		if (known == null) {
			throw new IllegalStateException("unknown type " + type);
		}
		return known;
	}

	private long value(String token) {
		if (token.matches("\\d+")) {
			return Long.parseLong(token);
		}
		Long constant = this.constants.get(token);
		if (constant == null) {
			throw new IllegalStateException("unknown constant " + token);
		}
		return constant;
	}

	private static void each(Pattern pattern, String text, java.util.function.Consumer<Matcher> action) {
		Matcher matcher = pattern.matcher(text);
		while (matcher.find()) {
			action.accept(matcher);
		}
	}

}
