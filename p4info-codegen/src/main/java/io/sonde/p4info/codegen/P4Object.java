package io.sonde.p4info.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import p4.config.v1.Preamble;

/**
 * One P4Info object as a generated nested class: its name, alias and id, the numbers the
 * P4Info gives it (size, bit width), and the names of its match fields, parameters or
 * metadata fields.
 */
final class P4Object {

	private final String kind;

	private final Preamble preamble;

	private final Map<String, Long> numbers = new LinkedHashMap<>();

	private final List<String> fields = new ArrayList<>();

	private String fieldKind = "";

	P4Object(String kind, Preamble preamble) {
		this.kind = kind;
		this.preamble = preamble;
	}

	/** An int constant, e.g. {@code SIZE}. */
	P4Object number(String constant, long value) {
		if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
			throw new IllegalArgumentException(
					this.preamble.getName() + ": " + constant + " " + value + " does not fit an int");
		}
		this.numbers.put(constant, value);
		return this;
	}

	/** The names of its match fields, parameters or metadata fields. */
	P4Object fields(String fieldKind, List<String> names) {
		this.fieldKind = fieldKind;
		this.fields.addAll(names);
		return this;
	}

	String kind() {
		return this.kind;
	}

	String name() {
		return this.preamble.getName();
	}

	String alias() {
		return this.preamble.getAlias().isEmpty() ? this.preamble.getName() : this.preamble.getAlias();
	}

	int id() {
		return this.preamble.getId();
	}

	String typeName() {
		return JavaNames.typeName(alias());
	}

	Map<String, Long> numbers() {
		return this.numbers;
	}

	String fieldKind() {
		return this.fieldKind;
	}

	List<String> fields() {
		return this.fields;
	}

}
