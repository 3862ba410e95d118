package io.sonde.p4runtime.info;

import p4.config.v1.MatchField;
import p4.config.v1.MatchField.MatchType;

/**
 * One key field of a table.
 *
 * @param matchType {@code UNSPECIFIED} for architecture-specific match kinds
 */
public record MatchFieldInfo(int id, String name, int bitwidth, MatchType matchType) {

	static MatchFieldInfo of(MatchField field) {
		MatchType type = field.hasMatchType() ? field.getMatchType() : MatchType.UNSPECIFIED;
		return new MatchFieldInfo(field.getId(), field.getName(), field.getBitwidth(), type);
	}

	/** Ternary, range and optional fields make a table need entry priorities (§9.1). */
	public boolean needsPriority() {
		return this.matchType == MatchType.TERNARY || this.matchType == MatchType.RANGE
				|| this.matchType == MatchType.OPTIONAL;
	}

}
