package io.sonde.p4runtime.info;

import java.util.List;

import p4.config.v1.Action;

/** An action and its parameters, in P4Info order. */
public record ActionInfo(int id, String name, String alias, List<ActionParamInfo> params) {

	public ActionInfo {
		params = List.copyOf(params);
	}

	static ActionInfo of(Action action) {
		List<ActionParamInfo> params = action.getParamsList().stream().map(ActionParamInfo::of).toList();
		return new ActionInfo(action.getPreamble().getId(), action.getPreamble().getName(),
				action.getPreamble().getAlias(), params);
	}

	public ActionParamInfo param(String paramName) {
		return this.params.stream()
			.filter((param) -> param.name().equals(paramName))
			.findFirst()
			.orElseThrow(() -> new UnknownP4Entity(P4EntityKind.ACTION_PARAM, paramName, "action " + this.name));
	}

	public ActionParamInfo param(int paramId) {
		return this.params.stream()
			.filter((param) -> param.id() == paramId)
			.findFirst()
			.orElseThrow(() -> UnknownP4Entity.ofId(P4EntityKind.ACTION_PARAM, paramId, "action " + this.name));
	}

}
