package io.sonde.emulator.state;

import java.util.HashMap;
import java.util.Map;

import com.google.protobuf.ByteString;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.ActionInfo;
import io.sonde.p4runtime.info.ActionParamInfo;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;
import io.sonde.p4runtime.info.UnknownP4Entity;
import p4.v1.Action;

/**
 * Checks an action specification against a table (spec §9.1.2): the action must be one of
 * the table's, every parameter given exactly once with a valid bytestring. Returns the
 * canonical form (parameters in P4Info order, shortest bytestrings), which is what a read
 * gives back.
 */
final class ActionValidator {

	private final P4InfoIndex p4Info;

	private final TableInfo table;

	ActionValidator(P4InfoIndex p4Info, TableInfo table) {
		this.p4Info = p4Info;
		this.table = table;
	}

	Action canonical(Action action) {
		if (this.table.actionRef(action.getActionId()).isEmpty()) {
			throw EntityRejected.invalid(String.format("action 0x%08x is not an action of table %s",
					action.getActionId(), this.table.name()));
		}
		ActionInfo info;
		try {
			info = this.p4Info.action(action.getActionId());
		}
		catch (UnknownP4Entity ex) {
			throw EntityRejected.invalid(ex.getMessage());
		}
		Map<Integer, ByteString> given = new HashMap<>();
		for (Action.Param param : action.getParamsList()) {
			if (given.put(param.getParamId(), param.getValue()) != null) {
				throw EntityRejected.invalid("parameter " + param.getParamId() + " of " + info.name() + " given twice");
			}
		}
		Action.Builder canonical = Action.newBuilder().setActionId(info.id());
		for (ActionParamInfo param : info.params()) {
			ByteString value = given.remove(param.id());
			if (value == null) {
				throw EntityRejected.invalid("action " + info.name() + " misses parameter " + param.name());
			}
			canonical
				.addParams(Action.Param.newBuilder().setParamId(param.id()).setValue(canonicalize(info, param, value)));
		}
		if (!given.isEmpty()) {
			throw EntityRejected.invalid("action " + info.name() + " has no parameter with id " + given.keySet());
		}
		return canonical.build();
	}

	private static ByteString canonicalize(ActionInfo action, ActionParamInfo param, ByteString value) {
		try {
			return Bytestrings.canonicalize(value, param.bitwidth());
		}
		catch (BytestringRejected ex) {
			throw new EntityRejected(ex.code(),
					"parameter " + param.name() + " of " + action.name() + ": " + ex.getMessage());
		}
	}

}
