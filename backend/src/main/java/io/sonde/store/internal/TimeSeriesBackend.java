package io.sonde.store.internal;

import java.util.Map;

import io.sonde.store.TimeSeriesStore;

/** A {@link TimeSeriesStore} that can also check itself and run schema statements. */
public interface TimeSeriesBackend extends TimeSeriesStore, AutoCloseable {

	/**
	 * Checks that both the write path and the read path answer.
	 * @return details for the health endpoint
	 * @throws RuntimeException with the reason when either does not answer
	 */
	Map<String, Object> check();

	@Override
	void close();

}
