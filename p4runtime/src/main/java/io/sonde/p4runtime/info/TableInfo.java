package io.sonde.p4runtime.info;

import java.util.List;
import java.util.Optional;

import p4.config.v1.ActionRef;
import p4.config.v1.Table;

/**
 * A table as the entry builders need it: its key fields, the actions it may run, whether
 * its default action is fixed, and the action profile that implements it (0 for a direct
 * table, whose entries name actions rather than members or groups).
 */
public record TableInfo(int id, String name, String alias, List<MatchFieldInfo> matchFields, List<ActionRef> actionRefs,
		long size, int constDefaultActionId, boolean isConstTable, int implementationId) {

	public TableInfo {
		matchFields = List.copyOf(matchFields);
		actionRefs = List.copyOf(actionRefs);
	}

	static TableInfo of(Table table) {
		List<MatchFieldInfo> fields = table.getMatchFieldsList().stream().map(MatchFieldInfo::of).toList();
		return new TableInfo(table.getPreamble().getId(), table.getPreamble().getName(), table.getPreamble().getAlias(),
				fields, table.getActionRefsList(), table.getSize(), table.getConstDefaultActionId(),
				table.getIsConstTable(), table.getImplementationId());
	}

	public MatchFieldInfo matchField(String fieldName) {
		return this.matchFields.stream()
			.filter((field) -> field.name().equals(fieldName))
			.findFirst()
			.orElseThrow(() -> new UnknownP4Entity(P4EntityKind.MATCH_FIELD, fieldName, "table " + this.name));
	}

	public MatchFieldInfo matchField(int fieldId) {
		return this.matchFields.stream()
			.filter((field) -> field.id() == fieldId)
			.findFirst()
			.orElseThrow(() -> UnknownP4Entity.ofId(P4EntityKind.MATCH_FIELD, fieldId, "table " + this.name));
	}

	/** Whether an action profile or selector implements the table (an indirect table). */
	public boolean isIndirect() {
		return this.implementationId != 0;
	}

	/** Entries need a non-zero priority iff some field is ternary, range or optional. */
	public boolean needsPriority() {
		return this.matchFields.stream().anyMatch(MatchFieldInfo::needsPriority);
	}

	/** The reference to {@code actionId}, empty if the table cannot run that action. */
	public Optional<ActionRef> actionRef(int actionId) {
		return this.actionRefs.stream().filter((ref) -> ref.getId() == actionId).findFirst();
	}

}
