package io.sonde.probes.recovery;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A: what the loop deduced about switches and links, the latest deduction winning. */
final class ComponentMarks {

	private final Map<ProbedComponent, ComponentMark> marks = new LinkedHashMap<>();

	/** A component stopped answering (again, if it had turned out congested before). */
	void unavailable(ProbedComponent component, Instant at, int path, int position) {
		ComponentMark known = this.marks.get(component);
		if (known == null || known.status() == ComponentStatus.CONGESTED) {
			Instant markedAt = (known != null) ? known.markedAt() : at;
			this.marks.put(component,
					new ComponentMark(component, ComponentStatus.UNAVAILABLE, markedAt, at, path, position));
		}
	}

	/**
	 * A probe went through the component: if it was marked unavailable, it is congested.
	 */
	void crossed(ProbedComponent component, Instant at) {
		ComponentMark known = this.marks.get(component);
		if (known != null && known.status() == ComponentStatus.UNAVAILABLE) {
			this.marks.put(component, known.congested(at));
		}
	}

	List<ComponentMark> all() {
		return List.copyOf(this.marks.values());
	}

}
