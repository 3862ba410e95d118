package io.sonde.labeling.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.labeling.LabelingNotStored;
import io.sonde.labeling.LabelingVersion;
import io.sonde.labeling.SpecificFlow;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The labeling parameters' versions and the specific flows in Redis: hash
 * {@value #VERSIONS} (version -> JSON), string {@value #CURRENT} (the version in force),
 * counter {@value #SEQUENCE}, and hash {@value #FLOWS} (index -> JSON). A version is
 * written before it is made current, so a failure between the two leaves the previous one
 * in force.
 */
class RedisLabelingStore {

	static final String VERSIONS = "sonde:labeling:versions";

	static final String CURRENT = "sonde:labeling:current";

	static final String SEQUENCE = "sonde:labeling:version-seq";

	static final String FLOWS = "sonde:labeling:flows";

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

	RedisLabelingStore(StringRedisTemplate redis, ObjectMapper json) {
		this.redis = redis;
		this.json = json;
	}

	long nextVersion() {
		try {
			Long next = this.redis.opsForValue().increment(SEQUENCE);
			return (next != null) ? next : 1;
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	void saveAndMakeCurrent(LabelingVersion version) {
		try {
			this.redis.opsForHash().put(VERSIONS, Long.toString(version.version()), write(version));
			this.redis.opsForValue().set(CURRENT, Long.toString(version.version()));
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	Optional<Long> currentVersion() {
		try {
			return Optional.ofNullable(this.redis.opsForValue().get(CURRENT)).map(Long::parseLong);
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	Optional<LabelingVersion> version(long version) {
		try {
			Object stored = this.redis.opsForHash().get(VERSIONS, Long.toString(version));
			return (stored != null) ? Optional.of(read((String) stored, LabelingVersion.class)) : Optional.empty();
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	List<LabelingVersion> versions() {
		try {
			List<LabelingVersion> versions = new ArrayList<>();
			this.redis.opsForHash()
				.values(VERSIONS)
				.forEach((text) -> versions.add(read((String) text, LabelingVersion.class)));
			versions.sort(Comparator.comparingLong(LabelingVersion::version).reversed());
			return versions;
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	/** Stores the flow under its index unless the index is taken; false if it was. */
	boolean addFlow(SpecificFlow flow) {
		try {
			return Boolean.TRUE
				.equals(this.redis.opsForHash().putIfAbsent(FLOWS, Integer.toString(flow.index()), write(flow)));
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	boolean removeFlow(int index) {
		try {
			Long removed = this.redis.opsForHash().delete(FLOWS, Integer.toString(index));
			return removed != null && removed > 0;
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	List<SpecificFlow> flows() {
		try {
			Map<Object, Object> stored = this.redis.opsForHash().entries(FLOWS);
			List<SpecificFlow> flows = new ArrayList<>();
			stored.values().forEach((text) -> flows.add(read((String) text, SpecificFlow.class)));
			flows.sort(Comparator.comparingInt(SpecificFlow::index));
			return flows;
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	private String write(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	private <T> T read(String text, Class<T> type) {
		try {
			return this.json.readValue(text, type);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(
					"a stored " + type.getSimpleName() + " in Redis is unreadable: " + ex.getMessage(), ex);
		}
	}

	private static LabelingNotStored notStored(DataAccessException ex) {
		return new LabelingNotStored("the labeling store in Redis is unavailable (" + ex.getMessage()
				+ "); what was in force stays in force", ex);
	}

}
