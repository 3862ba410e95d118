package io.sonde.alerts.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueReading;
import io.sonde.alerts.LiveValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every {@link LiveValueSource} bean, by name. A source that fails reads as no series
 * (its firing alerts then resolve after the absent grace), and its failure is logged once
 * until it changes, not every tick.
 */
final class LiveValues {

	private static final Logger log = LoggerFactory.getLogger(LiveValues.class);

	private final Supplier<List<LiveValueSource>> sources;

	private final Map<String, String> lastFailure = new ConcurrentHashMap<>();

	LiveValues(Supplier<List<LiveValueSource>> sources) {
		this.sources = sources;
	}

	Set<String> names() {
		Set<String> names = new TreeSet<>();
		this.sources.get().forEach((source) -> names.add(source.name()));
		return names;
	}

	/** The series of the source named {@code name}; empty when none has this name. */
	List<LiveValue> read(String name) {
		for (LiveValueSource source : this.sources.get()) {
			if (source.name().equals(name)) {
				return read(source);
			}
		}
		return List.of();
	}

	/** Every source with its series now, by name. */
	List<LiveValueReading> readAll() {
		return this.sources.get()
			.stream()
			.sorted(java.util.Comparator.comparing(LiveValueSource::name))
			.map((source) -> new LiveValueReading(source.name(), source.description(), source.unit(), read(source)))
			.toList();
	}

	private List<LiveValue> read(LiveValueSource source) {
		try {
			List<LiveValue> values = source.read();
			this.lastFailure.remove(source.name());
			return (values != null) ? values : List.of();
		}
		catch (RuntimeException ex) {
			String failure = String.valueOf(ex.getMessage());
			if (!failure.equals(this.lastFailure.put(source.name(), failure))) {
				log.warn("live value {} not read: {}", source.name(), failure, ex);
			}
			return List.of();
		}
	}

}
