package io.sonde.intconfig.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.core.redis.RedisJson;
import io.sonde.core.redis.VersionedDocuments;
import io.sonde.intconfig.IntConfigNotStored;
import io.sonde.intconfig.IntConfigVersion;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Versions of the INT configuration in Redis ({@link VersionedDocuments}): hash
 * {@value #VERSIONS} (version -> the version as JSON), string {@value #CURRENT} (the
 * version in force) and counter {@value #SEQUENCE} (the last version number handed out).
 */
final class RedisIntConfigStore {

	static final String VERSIONS = "sonde:int:versions";

	static final String CURRENT = "sonde:int:current";

	static final String SEQUENCE = "sonde:int:version-seq";

	private RedisIntConfigStore() {
	}

	static VersionedDocuments<IntConfigVersion> versions(StringRedisTemplate redis, ObjectMapper json) {
		return new VersionedDocuments<>(new RedisJson(redis, json, RedisIntConfigStore::notStored),
				new VersionedDocuments.Keys(VERSIONS, CURRENT, SEQUENCE), IntConfigVersion.class,
				IntConfigVersion::version);
	}

	private static IntConfigNotStored notStored(DataAccessException ex) {
		return new IntConfigNotStored("the INT configuration store in Redis is unavailable (" + ex.getMessage()
				+ "); the current version stays in force", ex);
	}

}
