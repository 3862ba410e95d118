package io.sonde.labeling.internal;

import java.util.Comparator;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.core.redis.RedisJson;
import io.sonde.core.redis.VersionedDocuments;
import io.sonde.labeling.LabelingNotStored;
import io.sonde.labeling.LabelingVersion;
import io.sonde.labeling.SpecificFlow;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The labeling parameters' versions and the specific flows in Redis: hash
 * {@value #VERSIONS} (version -> JSON), string {@value #CURRENT} (the version in force),
 * counter {@value #SEQUENCE} ({@link VersionedDocuments}), and hash {@value #FLOWS}
 * (index -> JSON).
 */
class RedisLabelingStore {

	static final String VERSIONS = "sonde:labeling:versions";

	static final String CURRENT = "sonde:labeling:current";

	static final String SEQUENCE = "sonde:labeling:version-seq";

	static final String FLOWS = "sonde:labeling:flows";

	private final RedisJson store;

	private final VersionedDocuments<LabelingVersion> versions;

	RedisLabelingStore(StringRedisTemplate redis, ObjectMapper json) {
		this.store = new RedisJson(redis, json, RedisLabelingStore::notStored);
		this.versions = new VersionedDocuments<>(this.store, new VersionedDocuments.Keys(VERSIONS, CURRENT, SEQUENCE),
				LabelingVersion.class, LabelingVersion::version);
	}

	VersionedDocuments<LabelingVersion> versions() {
		return this.versions;
	}

	/** Stores the flow under its index unless the index is taken; false if it was. */
	boolean addFlow(SpecificFlow flow) {
		String stored = this.store.write(flow);
		return this.store.call(() -> Boolean.TRUE
			.equals(this.store.redis().opsForHash().putIfAbsent(FLOWS, Integer.toString(flow.index()), stored)));
	}

	boolean removeFlow(int index) {
		return this.store.call(() -> {
			Long removed = this.store.redis().opsForHash().delete(FLOWS, Integer.toString(index));
			return removed != null && removed > 0;
		});
	}

	List<SpecificFlow> flows() {
		List<SpecificFlow> flows = this.store.hashValues(FLOWS, SpecificFlow.class);
		flows.sort(Comparator.comparingInt(SpecificFlow::index));
		return flows;
	}

	private static LabelingNotStored notStored(DataAccessException ex) {
		return new LabelingNotStored("the labeling store in Redis is unavailable (" + ex.getMessage()
				+ "); what was in force stays in force", ex);
	}

}
