package io.sonde.p4runtime.info;

import p4.config.v1.Action;

/** One parameter of an action. */
public record ActionParamInfo(int id, String name, int bitwidth) {

	static ActionParamInfo of(Action.Param param) {
		return new ActionParamInfo(param.getId(), param.getName(), param.getBitwidth());
	}

}
