package io.sonde.emulator.state;

import java.util.Optional;

import io.sonde.p4runtime.info.MatchFieldInfo;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;
import io.sonde.p4runtime.info.UnknownP4Entity;
import p4.config.v1.ActionRef;
import p4.config.v1.MatchField.MatchType;
import p4.config.v1.P4Info;
import p4.config.v1.Table;
import p4.v1.Action;

/**
 * Everything the switch needs to know about one table of the P4Info: its key layout and
 * lookup shape, its direct resources and its initial default action. Immutable.
 */
final class TableModel {

	private static final int DIRECT_COUNTER_PREFIX = 0x13;

	private static final int DIRECT_METER_PREFIX = 0x15;

	private final TableInfo info;

	private final Table table;

	private final KeyLayout layout;

	private final MatchIndex.TableShape shape;

	private final ActionValidator actions;

	private final ActionCall initialDefault;

	TableModel(P4InfoIndex p4Info, Table table) {
		this.info = p4Info.table(table.getPreamble().getId());
		this.table = table;
		this.layout = new KeyLayout(this.info.matchFields());
		this.shape = shapeOf(this.info);
		this.actions = new ActionValidator(p4Info, this.info);
		this.initialDefault = initialDefault(p4Info, table, this.actions);
	}

	private static MatchIndex.TableShape shapeOf(TableInfo info) {
		if (info.matchFields().isEmpty()) {
			return MatchIndex.TableShape.KEYLESS;
		}
		long lpm = info.matchFields().stream().filter((f) -> f.matchType() == MatchType.LPM).count();
		boolean onlyExactAndLpm = info.matchFields()
			.stream()
			.allMatch((f) -> f.matchType() == MatchType.EXACT || f.matchType() == MatchType.LPM);
		if (onlyExactAndLpm && lpm == 0) {
			return MatchIndex.TableShape.EXACT;
		}
		return (onlyExactAndLpm && lpm == 1) ? MatchIndex.TableShape.LPM : MatchIndex.TableShape.SCAN;
	}

	/**
	 * The default action a table starts with (spec §9.1.3): the P4Info's initial default
	 * action if given, else its const default action, else {@code NoAction} if the P4Info
	 * lists it, else "no action" (id 0).
	 */
	private static ActionCall initialDefault(P4InfoIndex p4Info, Table table, ActionValidator actions) {
		if (table.hasInitialDefaultAction()) {
			Action.Builder action = Action.newBuilder().setActionId(table.getInitialDefaultAction().getActionId());
			table.getInitialDefaultAction()
				.getArgumentsList()
				.forEach((arg) -> action
					.addParams(Action.Param.newBuilder().setParamId(arg.getParamId()).setValue(arg.getValue())));
			return safeCall(actions, action.build());
		}
		if (table.getConstDefaultActionId() != 0) {
			return safeCall(actions, Action.newBuilder().setActionId(table.getConstDefaultActionId()).build());
		}
		try {
			int noAction = p4Info.action("NoAction").id();
			return safeCall(actions, Action.newBuilder().setActionId(noAction).build());
		}
		catch (UnknownP4Entity ex) {
			return ActionCall.NONE;
		}
	}

	/** A P4Info whose own default action does not validate still yields a switch. */
	private static ActionCall safeCall(ActionValidator actions, Action action) {
		try {
			return new ActionCall(actions.canonical(action));
		}
		catch (EntityRejected ex) {
			return new ActionCall(action);
		}
	}

	TableInfo info() {
		return this.info;
	}

	int id() {
		return this.info.id();
	}

	String name() {
		return this.info.name();
	}

	KeyLayout layout() {
		return this.layout;
	}

	MatchIndex.TableShape shape() {
		return this.shape;
	}

	ActionValidator actions() {
		return this.actions;
	}

	ActionCall initialDefault() {
		return this.initialDefault;
	}

	/** 0 when the P4Info gives no size: then only memory limits the table. */
	long size() {
		return this.table.getSize();
	}

	boolean isConst() {
		return this.table.getIsConstTable();
	}

	boolean hasConstDefaultAction() {
		return this.table.getConstDefaultActionId() != 0;
	}

	boolean supportsIdleTimeout() {
		return this.table.getIdleTimeoutBehavior() == Table.IdleTimeoutBehavior.NOTIFY_CONTROL;
	}

	boolean isIndirect() {
		return this.table.getImplementationId() != 0;
	}

	/**
	 * The action profile or selector implementing an indirect table, 0 for a direct one.
	 */
	int implementationId() {
		return this.table.getImplementationId();
	}

	boolean hasDirectCounter() {
		return hasDirectResource(DIRECT_COUNTER_PREFIX);
	}

	boolean hasDirectMeter() {
		return hasDirectResource(DIRECT_METER_PREFIX);
	}

	private boolean hasDirectResource(int prefix) {
		return this.table.getDirectResourceIdsList().stream().anyMatch((id) -> (id >>> 24) == prefix);
	}

	/**
	 * Match fields whose kind the emulator cannot evaluate (string-translated, other).
	 */
	Optional<MatchFieldInfo> unsupportedField() {
		return this.info.matchFields()
			.stream()
			.filter((f) -> f.bitwidth() <= 0 || f.matchType() == MatchType.UNSPECIFIED)
			.findFirst();
	}

	Optional<ActionRef> actionRef(int actionId) {
		return this.info.actionRef(actionId);
	}

	/** Builds the model of every table of a P4Info. */
	static java.util.List<TableModel> all(P4InfoIndex p4Info) {
		P4Info raw = p4Info.p4Info();
		return raw.getTablesList().stream().map((t) -> new TableModel(p4Info, t)).toList();
	}

}
