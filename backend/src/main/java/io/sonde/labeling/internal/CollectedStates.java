package io.sonde.labeling.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.labeling.FlowPath;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.LabelingStates;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;

/** What result collection stored and the adaptive loop decided, read back. */
class CollectedStates implements LabelingStates {

	private static final System.Logger logger = System.getLogger(CollectedStates.class.getName());

	private final LabelStateStore store;

	private final AdaptiveLoop adaptive;

	private final StoredLabelingControl control;

	private final ObjectMapper json;

	CollectedStates(LabelStateStore store, AdaptiveLoop adaptive, StoredLabelingControl control, ObjectMapper json) {
		this.store = store;
		this.adaptive = adaptive;
		this.control = control;
		this.json = json;
	}

	@Override
	public List<PortLabelState> latest() {
		return this.store.latest();
	}

	@Override
	public Map<PortKey, Integer> shifts() {
		return this.adaptive.shifts();
	}

	@Override
	public LabelingParameters effective(String switchName) {
		return this.control.effective(switchName);
	}

	@Override
	public List<FlowPath> flowPaths() {
		List<FlowPath> paths = new ArrayList<>();
		this.store.flowPaths().forEach((flow, text) -> {
			try {
				paths.add(this.json.readValue((String) text, FlowPath.class));
			}
			catch (JsonProcessingException ex) {
				logger.log(Level.WARNING, "the stored path of flow " + flow + " is unreadable: " + ex.getMessage());
			}
		});
		paths.sort(Comparator.comparing(FlowPath::flow));
		return paths;
	}

}
