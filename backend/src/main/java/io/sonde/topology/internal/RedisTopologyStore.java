package io.sonde.topology.internal;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyNotStored;
import io.sonde.topology.TopologyRejected;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.HashOperations;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Keeps the current topology in one Redis hash, {@value #KEY}: the document as
 * {@link TopologyDocumentWriter} writes it, where it came from and when. One HSET writes
 * all three, so a reader never sees a document with another import's source.
 */
public class RedisTopologyStore {

	static final String KEY = "sonde:topology:current";

	static final String DOCUMENT = "document";

	static final String SOURCE = "source";

	static final String IMPORTED_AT = "imported-at";

	private final StringRedisTemplate redis;

	private final TopologyDocumentReader reader = new TopologyDocumentReader();

	private final TopologyDocumentWriter writer = new TopologyDocumentWriter();

	public RedisTopologyStore(StringRedisTemplate redis) {
		this.redis = redis;
	}

	/**
	 * @throws TopologyNotStored if Redis did not take it
	 */
	public void save(ImportedTopology imported) {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put(DOCUMENT, this.writer.write(imported.topology()));
		fields.put(SOURCE, imported.source());
		fields.put(IMPORTED_AT, imported.importedAt().toString());
		try {
			hash().putAll(KEY, fields);
		}
		catch (DataAccessException ex) {
			throw new TopologyNotStored("the topology could not be stored in Redis (" + ex.getMessage()
					+ "); the previous one stays current", ex);
		}
	}

	/**
	 * @return the stored topology; empty if none was ever stored
	 * @throws TopologyNotStored if Redis cannot be read
	 * @throws StoredTopologyUnreadable if it holds something that is not a topology this
	 * version can read
	 */
	public Optional<ImportedTopology> load() {
		Map<String, String> fields;
		try {
			fields = hash().entries(KEY);
		}
		catch (DataAccessException ex) {
			throw new TopologyNotStored("the stored topology could not be read from Redis (" + ex.getMessage() + ")",
					ex);
		}
		if (fields.isEmpty()) {
			return Optional.empty();
		}
		try {
			return Optional.of(new ImportedTopology(this.reader.read(required(fields, DOCUMENT)),
					required(fields, SOURCE), Instant.parse(required(fields, IMPORTED_AT))));
		}
		catch (TopologyRejected | DateTimeParseException ex) {
			throw new StoredTopologyUnreadable(
					"Redis key " + KEY + " does not hold a readable topology: " + ex.getMessage(), ex);
		}
	}

	private static String required(Map<String, String> fields, String field) {
		String value = fields.get(field);
		if (value == null) {
			throw new TopologyRejected("", "Redis key " + KEY + " has no field '" + field + "'");
		}
		return value;
	}

	private HashOperations<String, String, String> hash() {
		return this.redis.opsForHash();
	}

}
