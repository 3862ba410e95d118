package io.sonde.intconfig.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.intconfig.IntConfigNotStored;
import io.sonde.intconfig.IntConfigVersion;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Versions of the INT configuration in Redis: hash {@value #VERSIONS} (version -> the
 * version as JSON), string {@value #CURRENT} (the version in force) and counter
 * {@value #SEQUENCE} (the last version number handed out). A version is written before it
 * is made current, so a failure between the two leaves the previous one in force.
 */
class RedisIntConfigStore {

	static final String VERSIONS = "sonde:int:versions";

	static final String CURRENT = "sonde:int:current";

	static final String SEQUENCE = "sonde:int:version-seq";

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

	RedisIntConfigStore(StringRedisTemplate redis, ObjectMapper json) {
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

	void saveAndMakeCurrent(IntConfigVersion version) {
		try {
			this.redis.opsForHash()
				.put(VERSIONS, Long.toString(version.version()), this.json.writeValueAsString(version));
			this.redis.opsForValue().set(CURRENT, Long.toString(version.version()));
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write INT configuration version as JSON", ex);
		}
	}

	Optional<Long> currentVersion() {
		try {
			String current = this.redis.opsForValue().get(CURRENT);
			return Optional.ofNullable(current).map(Long::parseLong);
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	Optional<IntConfigVersion> version(long version) {
		try {
			Object stored = this.redis.opsForHash().get(VERSIONS, Long.toString(version));
			return (stored != null) ? Optional.of(parse((String) stored)) : Optional.empty();
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	List<IntConfigVersion> all() {
		try {
			Map<Object, Object> stored = this.redis.opsForHash().entries(VERSIONS);
			List<IntConfigVersion> versions = new ArrayList<>();
			stored.values().forEach((text) -> versions.add(parse((String) text)));
			versions.sort(Comparator.comparingLong(IntConfigVersion::version).reversed());
			return versions;
		}
		catch (DataAccessException ex) {
			throw notStored(ex);
		}
	}

	private IntConfigVersion parse(String text) {
		try {
			return this.json.readValue(text, IntConfigVersion.class);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a stored INT configuration version is unreadable: " + ex.getMessage(), ex);
		}
	}

	private static IntConfigNotStored notStored(DataAccessException ex) {
		return new IntConfigNotStored("the INT configuration store in Redis is unavailable (" + ex.getMessage()
				+ "); the current version stays in force", ex);
	}

}
