package io.sonde.e2e.soak;

import java.util.Map;
import java.util.Set;

/**
 * What the collectors published against what the event log holds, by event origin.
 *
 * @param published events the collectors published (distinct origins)
 * @param stored rows of the event log
 * @param lost published events the log does not hold
 * @param duplicated rows beyond the first of an origin
 * @param unpublished origins the log holds that no collector logged as published
 */
record SoakComparison(long published, long stored, long lost, long duplicated, long unpublished) {

	static SoakComparison of(Set<String> published, Map<String, Long> rowsByOrigin) {
		long lost = published.stream().filter((origin) -> !rowsByOrigin.containsKey(origin)).count();
		long stored = rowsByOrigin.values().stream().mapToLong(Long::longValue).sum();
		long duplicated = rowsByOrigin.values().stream().mapToLong((rows) -> rows - 1).sum();
		long unpublished = rowsByOrigin.keySet().stream().filter((origin) -> !published.contains(origin)).count();
		return new SoakComparison(published.size(), stored, lost, duplicated, unpublished);
	}

}
