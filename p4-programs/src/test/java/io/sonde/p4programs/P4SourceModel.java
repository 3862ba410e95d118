package io.sonde.p4programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the P4 source declares, read with regular expressions: enough of P4_16 to hold the
 * checked-in P4Info to the source where no p4c exists. It knows the constructs sonde.p4
 * uses (constants, typedefs, headers, structs, controls with tables, actions, counters,
 * direct counters, registers, action selectors and control instances, and the V1Switch
 * package) and names every control-plane object as p4c does: by the path of control
 * instances from the ingress or egress control, e.g.
 * {@code SondeIngress.forwarding.ipv4_lpm}. What it cannot resolve fails loudly with
 * {@link IllegalStateException}.
 */
final class P4SourceModel {

	private static final String ANNOTATIONS = "((?:@\\w+(?:\\([^)]*\\))?\\s*)*)";

	private static final Pattern CONTINUED_LINE = Pattern.compile("\\\\\\n");

	private static final Pattern DIRECTIVE = Pattern.compile("(?m)^\\s*#.*$");

	private static final Pattern DEFINE = Pattern.compile("(?m)^\\s*#define\\s+(\\w+)\\s+(0x[0-9A-Fa-f]+|\\d+)\\s*$");

	private static final Pattern CONST = Pattern
		.compile("const\\s+[\\w<>]+\\s+(\\w+)\\s*=\\s*(0x[0-9A-Fa-f]+|0b[01]+|\\d+)\\s*;");

	private static final Pattern TYPEDEF = Pattern.compile("typedef\\s+bit<(\\d+)>\\s+(\\w+)\\s*;");

	private static final Pattern HEADER = Pattern.compile("\\bheader\\s+(\\w+)\\s*\\{");

	private static final Pattern STRUCT = Pattern.compile("\\bstruct\\s+(\\w+)\\s*\\{");

	private static final Pattern MEMBER = Pattern
		.compile(ANNOTATIONS + "(bit<\\d+>|\\w+)\\s*(?:\\[\\s*(\\w+)\\s*])?\\s+(\\w+)\\s*;");

	private static final Pattern CONTROL = Pattern.compile("\\bcontrol\\s+(\\w+)\\s*\\(([^)]*)\\)\\s*\\{");

	private static final Pattern PIPELINE = Pattern
		.compile("V1Switch\\s*\\(\\s*\\w+\\(\\)\\s*,\\s*\\w+\\(\\)\\s*,\\s*(\\w+)\\(\\)\\s*,\\s*(\\w+)\\(\\)");

	private static final Pattern INSTANCE = Pattern.compile("\\b(\\w+)\\s*\\(\\s*\\)\\s+(\\w+)\\s*;");

	private static final Pattern TABLE = Pattern.compile(ANNOTATIONS + "\\btable\\s+(\\w+)\\s*\\{");

	private static final Pattern ACTION = Pattern.compile(ANNOTATIONS + "\\baction\\s+(\\w+)\\s*\\(([^)]*)\\)");

	private static final Pattern COUNTER = Pattern
		.compile(ANNOTATIONS + "(?<!\\w)counter\\s*\\(\\s*(\\w+)\\s*,\\s*CounterType\\.(\\w+)\\s*\\)\\s*(\\w+)\\s*;");

	private static final Pattern DIRECT_COUNTER = Pattern
		.compile(ANNOTATIONS + "\\bdirect_counter\\s*\\(\\s*CounterType\\.(\\w+)\\s*\\)\\s*(\\w+)\\s*;");

	private static final Pattern REGISTER = Pattern
		.compile(ANNOTATIONS + "\\bregister\\s*<\\s*(bit<\\d+>|\\w+)\\s*>\\s*\\(\\s*(\\w+)\\s*\\)\\s*(\\w+)\\s*;");

	private static final Pattern ACTION_SELECTOR = Pattern.compile(ANNOTATIONS
			+ "\\baction_selector\\s*\\(\\s*HashAlgorithm\\.(\\w+)\\s*,\\s*(\\w+)\\s*,\\s*(\\w+)\\s*\\)\\s*(\\w+)\\s*;");

	private static final Pattern MAX_GROUP_SIZE = Pattern.compile("@max_group_size\\(\\s*(\\w+)\\s*\\)");

	/** Actions core.p4 declares, which tables use without a control prefix. */
	private static final java.util.Set<String> CORE_ACTIONS = java.util.Set.of("NoAction");

	private static final Pattern ID = Pattern.compile("@id\\(\\s*(0x[0-9A-Fa-f]+|\\d+)\\s*\\)");

	private static final Pattern NAME = Pattern.compile("@name\\(\\s*\"([\\w.]+)\"\\s*\\)");

	private static final Pattern KEY = Pattern.compile("([\\w.]+)\\s*:\\s*(\\w+)\\s*" + ANNOTATIONS + ";");

	/**
	 * Fields of v1model's {@code standard_metadata_t} that sonde.p4 matches on, with
	 * their widths as p4c's v1model.p4 declares them.
	 */
	private static final Map<String, Integer> STANDARD_METADATA = Map.of("ingress_port", 9, "egress_spec", 9,
			"egress_port", 9, "instance_type", 32, "packet_length", 32);

	final Map<String, Long> constants = new LinkedHashMap<>();

	final Map<String, Integer> typedefs = new HashMap<>();

	final Map<String, Map<String, Integer>> headers = new LinkedHashMap<>();

	final Map<String, Map<String, Member>> structs = new LinkedHashMap<>();

	final Map<String, Table> tables = new LinkedHashMap<>();

	final Map<String, Action> actions = new LinkedHashMap<>();

	final Map<String, Counter> counters = new LinkedHashMap<>();

	final Map<String, DirectCounter> directCounters = new LinkedHashMap<>();

	final Map<String, Register> registers = new LinkedHashMap<>();

	final Map<String, ActionSelector> actionSelectors = new LinkedHashMap<>();

	private final Map<String, String> controlBodies = new HashMap<>();

	private final Map<String, Map<String, String>> controlParams = new HashMap<>();

	record Member(String type, String stackSize) {
	}

	record Key(String field, String matchKind, String name, int width) {
	}

	/**
	 * {@code actions}, {@code defaultOnly}, {@code defaultAction}, {@code directCounter}
	 * and {@code implementation} hold full names (core.p4's actions their own); id is
	 * null without @id. {@code keys} are the match fields, {@code selectorFields} the
	 * fields an action selector hashes, which P4Info does not list.
	 */
	record Table(String name, Long id, List<Key> keys, List<String> selectorFields, List<String> actions,
			List<String> defaultOnly, String defaultAction, boolean constDefaultAction, long size, String directCounter,
			String implementation) {
	}

	/** {@code maxGroupSize} is 0 without {@code @max_group_size}. */
	record ActionSelector(String name, Long id, String algorithm, long size, long maxGroupSize) {
	}

	record Action(String name, Long id, Map<String, Integer> params) {
	}

	record Counter(String name, Long id, long size, String type) {
	}

	record DirectCounter(String name, Long id, String type) {
	}

	record Register(String name, Long id, int width, long size) {
	}

	static P4SourceModel read(String source) {
		P4SourceModel model = new P4SourceModel();
		String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
		code = CONTINUED_LINE.matcher(code).replaceAll(" ");
		each(DEFINE, code, (m) -> model.constants.put(m.group(1), number(m.group(2))));
		model.collect(DIRECTIVE.matcher(code).replaceAll(""));
		return model;
	}

	private void collect(String code) {
		each(CONST, code, (m) -> this.constants.put(m.group(1), number(m.group(2))));
		each(TYPEDEF, code, (m) -> this.typedefs.put(m.group(2), Integer.parseInt(m.group(1))));
		each(HEADER, code, (m) -> {
			Map<String, Integer> fields = new LinkedHashMap<>();
			each(MEMBER, block(code, m.end() - 1), (f) -> fields.put(f.group(4), width(f.group(2))));
			this.headers.put(m.group(1), fields);
		});
		each(STRUCT, code, (m) -> {
			Map<String, Member> members = new LinkedHashMap<>();
			each(MEMBER, block(code, m.end() - 1), (f) -> members.put(f.group(4), new Member(f.group(2), f.group(3))));
			this.structs.put(m.group(1), members);
		});
		each(CONTROL, code, (m) -> {
			Map<String, String> params = new HashMap<>();
			for (String param : m.group(2).split(",")) {
				String[] words = param.strip().split("\\s+");
				params.put(words[words.length - 1], words[words.length - 2]);
			}
			this.controlParams.put(m.group(1), params);
			this.controlBodies.put(m.group(1), block(code, m.end() - 1));
		});
		Matcher pipeline = PIPELINE.matcher(code);
		if (!pipeline.find()) {
			throw new IllegalStateException("no V1Switch package instantiation");
		}
		visit(pipeline.group(1), pipeline.group(1));
		visit(pipeline.group(2), pipeline.group(2));
	}

	/** Declarations of {@code control} under the instance path {@code prefix}. */
	private void visit(String control, String prefix) {
		String body = this.controlBodies.get(control);
		if (body == null) {
			throw new IllegalStateException("no control " + control);
		}
		Map<String, String> params = this.controlParams.get(control);
		each(ACTION, body, (m) -> this.actions.put(prefix + "." + m.group(2),
				new Action(prefix + "." + m.group(2), id(m.group(1)), params(m.group(3)))));
		each(COUNTER, body, (m) -> this.counters.put(prefix + "." + m.group(4),
				new Counter(prefix + "." + m.group(4), id(m.group(1)), value(m.group(2)), m.group(3))));
		each(DIRECT_COUNTER, body, (m) -> this.directCounters.put(prefix + "." + m.group(3),
				new DirectCounter(prefix + "." + m.group(3), id(m.group(1)), m.group(2))));
		each(REGISTER, body, (m) -> this.registers.put(prefix + "." + m.group(4),
				new Register(prefix + "." + m.group(4), id(m.group(1)), width(m.group(2)), value(m.group(3)))));
		each(ACTION_SELECTOR, body, (m) -> {
			String name = prefix + "." + m.group(5);
			Matcher maxGroup = MAX_GROUP_SIZE.matcher(m.group(1));
			this.actionSelectors.put(name, new ActionSelector(name, id(m.group(1)), m.group(2), value(m.group(3)),
					maxGroup.find() ? value(maxGroup.group(1)) : 0));
		});
		each(TABLE, body, (m) -> {
			String name = prefix + "." + m.group(2);
			this.tables.put(name, table(name, id(m.group(1)), block(body, m.end() - 1), prefix, params));
		});
		each(INSTANCE, body, (m) -> {
			if (this.controlBodies.containsKey(m.group(1))) {
				visit(m.group(1), prefix + "." + m.group(2));
			}
		});
	}

	private Table table(String name, Long id, String body, String prefix, Map<String, String> params) {
		List<Key> keys = new ArrayList<>();
		List<String> selectorFields = new ArrayList<>();
		Matcher keyBlock = Pattern.compile("key\\s*=\\s*\\{([^}]*)}").matcher(body);
		if (keyBlock.find()) {
			each(KEY, keyBlock.group(1), (k) -> {
				fieldWidth(k.group(1), params);
				if (k.group(2).equals("selector")) {
					selectorFields.add(k.group(1));
					return;
				}
				Matcher alias = NAME.matcher(k.group(3));
				String keyName = alias.find() ? alias.group(1) : k.group(1);
				keys.add(new Key(k.group(1), k.group(2), keyName, fieldWidth(k.group(1), params)));
			});
		}
		List<String> actionNames = new ArrayList<>();
		List<String> defaultOnly = new ArrayList<>();
		for (String entry : property(name, body, "actions\\s*=\\s*\\{([^}]*)}").split(";")) {
			String[] words = entry.strip().split("\\s+");
			if (!words[words.length - 1].isEmpty()) {
				String action = actionName(prefix, words[words.length - 1].replace("()", ""));
				actionNames.add(action);
				if (entry.contains("@defaultonly")) {
					defaultOnly.add(action);
				}
			}
		}
		Matcher defaultAction = Pattern.compile("(const\\s+)?default_action\\s*=\\s*(\\w+)\\s*\\(").matcher(body);
		if (!defaultAction.find()) {
			throw new IllegalStateException("table " + name + " has no default_action");
		}
		long size = value(property(name, body, "\\bsize\\s*=\\s*(\\w+)\\s*;"));
		Matcher counter = Pattern.compile("\\bcounters\\s*=\\s*(\\w+)\\s*;").matcher(body);
		String directCounter = counter.find() ? prefix + "." + counter.group(1) : null;
		Matcher implementation = Pattern.compile("\\bimplementation\\s*=\\s*(\\w+)\\s*;").matcher(body);
		return new Table(name, id, keys, selectorFields, actionNames, defaultOnly,
				actionName(prefix, defaultAction.group(2)), defaultAction.group(1) != null, size, directCounter,
				implementation.find() ? prefix + "." + implementation.group(1) : null);
	}

	/** The full name of an action a table lists: its control's, or core.p4's. */
	private static String actionName(String prefix, String action) {
		return CORE_ACTIONS.contains(action) ? action : prefix + "." + action;
	}

	private static String property(String table, String body, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(body);
		if (!matcher.find()) {
			throw new IllegalStateException("table " + table + " has no " + regex);
		}
		return matcher.group(1);
	}

	private Map<String, Integer> params(String list) {
		Map<String, Integer> params = new LinkedHashMap<>();
		for (String param : list.split(",")) {
			String[] words = param.strip().split("\\s+");
			if (words.length >= 2) {
				params.put(words[words.length - 1], width(words[words.length - 2]));
			}
		}
		return params;
	}

	/**
	 * Width of a field path such as {@code hdr.ipv4.dst_addr}, from the control's
	 * parameters.
	 */
	int fieldWidth(String path, Map<String, String> params) {
		String[] parts = path.split("\\.");
		String type = params.get(parts[0]);
		if (type == null) {
			throw new IllegalStateException("key " + path + " starts at no control parameter");
		}
		if (type.equals("standard_metadata_t")) {
			Integer width = (parts.length == 2) ? STANDARD_METADATA.get(parts[1]) : null;
			if (width == null) {
				throw new IllegalStateException("unknown standard_metadata field in " + path);
			}
			return width;
		}
		for (int i = 1; i < parts.length - 1; i++) {
			Member member = this.structs.getOrDefault(type, Map.of()).get(parts[i]);
			if (member == null || member.stackSize() != null) {
				throw new IllegalStateException("cannot resolve " + parts[i] + " of " + type + " in key " + path);
			}
			type = member.type();
		}
		String field = parts[parts.length - 1];
		if (this.headers.containsKey(type)) {
			Integer width = this.headers.get(type).get(field);
			if (width == null) {
				throw new IllegalStateException("header " + type + " has no field " + field);
			}
			return width;
		}
		Member member = this.structs.getOrDefault(type, Map.of()).get(field);
		if (member == null) {
			throw new IllegalStateException(type + " has no field " + field + " in key " + path);
		}
		return width(member.type());
	}

	int width(String type) {
		if (type.startsWith("bit<")) {
			return Integer.parseInt(type.substring(4, type.length() - 1));
		}
		Integer known = this.typedefs.get(type);
		if (known == null) {
			throw new IllegalStateException("no bit width for type " + type);
		}
		return known;
	}

	long value(String token) {
		if (token.matches("0x[0-9A-Fa-f]+|0b[01]+|\\d+")) {
			return number(token);
		}
		Long constant = this.constants.get(token);
		if (constant == null) {
			throw new IllegalStateException("unknown constant " + token);
		}
		return constant;
	}

	private static long number(String token) {
		if (token.startsWith("0x")) {
			return Long.parseLong(token.substring(2), 16);
		}
		if (token.startsWith("0b")) {
			return Long.parseLong(token.substring(2), 2);
		}
		return Long.parseLong(token);
	}

	private static Long id(String annotations) {
		Matcher id = ID.matcher(annotations);
		return id.find() ? number(id.group(1)) : null;
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

	private static void each(Pattern pattern, String text, Consumer<Matcher> action) {
		Matcher matcher = pattern.matcher(text);
		while (matcher.find()) {
			action.accept(matcher);
		}
	}

}
