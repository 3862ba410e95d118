package io.sonde.p4info.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The source of one generated class: a nested class per P4 object of one kind, holding
 * its full name, alias and id, its numbers, and its field names as constants.
 */
final class ConstantsClass {

	private static final Map<String, String> NUMBER_COMMENTS = Map.of("SIZE", "its size", "BITWIDTH",
			"the bits of one element", "MAX_GROUP_SIZE", "the most members one group may hold");

	private final String packageName;

	private final String className;

	private final String summary;

	private final String origin;

	private final List<P4Object> objects = new ArrayList<>();

	/**
	 * @param summary the first sentence of the class comment, e.g. "The tables of
	 * sonde.p4"
	 * @param origin where the P4Info came from, for the class comment
	 */
	ConstantsClass(String packageName, String className, String summary, String origin) {
		this.packageName = packageName;
		this.className = className;
		this.summary = summary;
		this.origin = origin;
	}

	String className() {
		return this.className;
	}

	void add(P4Object object) {
		this.objects.add(object);
	}

	boolean isEmpty() {
		return this.objects.isEmpty();
	}

	/** The Java source, with every name checked for clashes. */
	String source() {
		StringBuilder out = new StringBuilder();
		out.append("package ").append(this.packageName).append(";\n\n");
		out.append("/**\n * ").append(this.summary).append(", generated at build time from ").append(this.origin);
		out.append(":\n * a name that changes in the P4Info changes here, so code spelling the old one no\n");
		out.append(" * longer compiles.\n */\n");
		out.append("public final class ").append(this.className).append(" {\n\n");
		out.append("\tprivate ").append(this.className).append("() {\n\t}\n");
		Map<String, String> types = new HashMap<>();
		for (P4Object object : this.objects) {
			claim(types, object.typeName(), object.name(), this.className);
			appendObject(out, object);
		}
		out.append("\n}\n");
		return out.toString();
	}

	private void appendObject(StringBuilder out, P4Object object) {
		String type = object.typeName();
		Map<String, String> members = new HashMap<>();
		out.append("\n\t/** The ").append(object.kind()).append(" {@code ").append(object.name()).append("}. */\n");
		out.append("\tpublic static final class ").append(type).append(" {\n\n");
		constant(out, members, type, "NAME", "its full name", "String", quoted(object.name()));
		constant(out, members, type, "ALIAS", "its alias", "String", quoted(object.alias()));
		constant(out, members, type, "ID", "its id", "int", Integer.toString(object.id()));
		for (Map.Entry<String, Long> number : object.numbers().entrySet()) {
			constant(out, members, type, number.getKey(), NUMBER_COMMENTS.get(number.getKey()), "int",
					Long.toString(number.getValue()));
		}
		for (String field : object.fields()) {
			constant(out, members, type, JavaNames.constantName(field), "the " + object.fieldKind() + " " + field,
					"String", quoted(field));
		}
		out.append("\t\tprivate ").append(type).append("() {\n\t\t}\n\n\t}\n");
	}

	private void constant(StringBuilder out, Map<String, String> members, String type, String name, String comment,
			String javaType, String value) {
		claim(members, name, comment == null ? name : comment, this.className + "." + type);
		if (comment != null) {
			out.append("\t\t/** ").append(Character.toUpperCase(comment.charAt(0))).append(comment.substring(1));
			out.append(". */\n");
		}
		out.append("\t\tpublic static final ").append(javaType).append(' ').append(name).append(" = ").append(value);
		out.append(";\n\n");
	}

	private static void claim(Map<String, String> taken, String javaName, String owner, String where) {
		String previous = taken.putIfAbsent(javaName, owner);
		if (previous != null) {
			throw new GeneratedNamesClash(where, javaName, previous, owner);
		}
	}

	private static String quoted(String text) {
		return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
	}

}
