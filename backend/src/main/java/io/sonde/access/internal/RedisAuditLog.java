package io.sonde.access.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.access.AccessNotStored;
import io.sonde.access.AuditLog;
import io.sonde.access.AuditOutcome;
import io.sonde.access.AuditPage;
import io.sonde.access.AuditQuery;
import io.sonde.access.AuditRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisStreamCommands.XAddOptions;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The audit log as the Redis stream {@value #STREAM}, trimmed to about
 * {@code sonde.access.audit-max-records} on each write. A query walks it newest first in
 * batches and filters the fields, reading at most {@value #MAX_SCANNED} records per page,
 * so a filter that matches nothing answers quickly with a cursor to go on from.
 */
class RedisAuditLog implements AuditLog {

	static final String STREAM = "sonde:access:audit";

	private static final Logger log = LoggerFactory.getLogger(RedisAuditLog.class);

	private static final int BATCH = 500;

	private static final int MAX_SCANNED = 20_000;

	private final StringRedisTemplate redis;

	private final long maxRecords;

	RedisAuditLog(StringRedisTemplate redis, long maxRecords) {
		this.redis = redis;
		this.maxRecords = maxRecords;
	}

	@Override
	public void record(AuditRecord record) {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put("at", record.at().toString());
		fields.put("actor", record.actor());
		fields.put("via", record.via());
		fields.put("method", record.method());
		fields.put("path", record.path());
		fields.put("remoteAddress", (record.remoteAddress() != null) ? record.remoteAddress() : "");
		fields.put("status", Integer.toString(record.status()));
		fields.put("outcome", record.outcome().name());
		try {
			this.redis.opsForStream()
				.add(StreamRecords.newRecord().in(STREAM).ofMap(fields),
						XAddOptions.maxlen(this.maxRecords).approximateTrimming(true));
		}
		catch (DataAccessException ex) {
			log.error("Audit record lost, Redis did not answer: {} {} by {} from {} -> {} ({})", record.method(),
					record.path(), record.actor(), record.remoteAddress(), record.status(), ex.getMessage());
		}
	}

	@Override
	public AuditPage find(AuditQuery query) {
		List<AuditRecord> found = new ArrayList<>();
		String upper = query.cursor();
		int scanned = 0;
		try {
			while (found.size() < query.limit() && scanned < MAX_SCANNED) {
				Range<String> range = (upper != null) ? Range.closed("-", upper) : Range.unbounded();
				List<MapRecord<String, Object, Object>> batch = this.redis.opsForStream()
					.reverseRange(STREAM, range, Limit.limit().count(BATCH + 1));
				if (batch == null || batch.isEmpty()) {
					return new AuditPage(found, null);
				}
				String last = null;
				for (MapRecord<String, Object, Object> entry : batch) {
					String id = entry.getId().getValue();
					if (id.equals(upper)) {
						continue;
					}
					scanned++;
					last = id;
					AuditRecord record = parse(entry.getId(), entry.getValue());
					if (query.matches(record)) {
						found.add(record);
						if (found.size() == query.limit()) {
							return new AuditPage(found, id);
						}
					}
				}
				if (last == null) {
					return new AuditPage(found, null);
				}
				upper = last;
			}
			return new AuditPage(found, upper);
		}
		catch (DataAccessException ex) {
			throw new AccessNotStored("Redis did not answer: " + ex.getMessage(), ex);
		}
	}

	private static AuditRecord parse(RecordId id, Map<Object, Object> fields) {
		String address = (String) fields.get("remoteAddress");
		return new AuditRecord(id.getValue(), Instant.parse((String) fields.get("at")), (String) fields.get("actor"),
				(String) fields.get("via"), (String) fields.get("method"), (String) fields.get("path"),
				(address == null || address.isEmpty()) ? null : address,
				Integer.parseInt((String) fields.get("status")), AuditOutcome.valueOf((String) fields.get("outcome")));
	}

}
