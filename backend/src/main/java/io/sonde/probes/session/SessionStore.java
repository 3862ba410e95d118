package io.sonde.probes.session;

import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionStatus;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The session history in Redis: each session as JSON under
 * {@code sonde:probes:session:<id>}, indexed by start time in the sorted set
 * {@value #HISTORY}, the oldest beyond the limit dropped; ids from the counter
 * {@value #SEQUENCE}. A restart of the backend keeps all of it.
 */
class SessionStore {

	private static final System.Logger logger = System.getLogger(SessionStore.class.getName());

	static final String HISTORY = "sonde:probes:sessions";

	static final String SEQUENCE = "sonde:probes:session-seq";

	static final String PREFIX = "sonde:probes:session:";

	private static final RedisScript<Long> REPLACE = RedisScript.of("""
			if redis.call('GET', KEYS[1]) == ARGV[1] then
			  redis.call('SET', KEYS[1], ARGV[2])
			  return 1
			end
			return 0
			""", Long.class);

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

	private final int limit;

	SessionStore(StringRedisTemplate redis, ObjectMapper json, int limit) {
		this.redis = redis;
		this.json = json;
		this.limit = limit;
	}

	String nextId() {
		return "ps-" + this.redis.opsForValue().increment(SEQUENCE);
	}

	/** Writes the session (new or updated) and keeps the history within its limit. */
	void save(ProbeSession session) {
		this.redis.opsForValue().set(PREFIX + session.id(), write(session));
		this.redis.opsForZSet().add(HISTORY, session.id(), session.startedAt().toEpochMilli());
		Long size = this.redis.opsForZSet().size(HISTORY);
		if (size != null && size > this.limit) {
			Set<String> oldest = this.redis.opsForZSet().range(HISTORY, 0, size - this.limit - 1);
			if (oldest != null && !oldest.isEmpty()) {
				this.redis.opsForZSet().remove(HISTORY, oldest.toArray());
				this.redis.delete(oldest.stream().map((id) -> PREFIX + id).toList());
			}
		}
	}

	Optional<ProbeSession> find(String id) {
		return Optional.ofNullable(this.redis.opsForValue().get(PREFIX + id)).flatMap(this::read);
	}

	/** Newest first, filtered. */
	List<ProbeSession> query(SessionQuery query) {
		double min = (query.from() != null) ? query.from().toEpochMilli() : Double.NEGATIVE_INFINITY;
		double max = (query.to() != null) ? query.to().toEpochMilli() : Double.POSITIVE_INFINITY;
		Set<String> ids = this.redis.opsForZSet().reverseRangeByScore(HISTORY, min, max);
		if (ids == null || ids.isEmpty()) {
			return List.of();
		}
		List<String> texts = this.redis.opsForValue().multiGet(ids.stream().map((id) -> PREFIX + id).toList());
		List<ProbeSession> found = new ArrayList<>();
		for (String text : (texts != null) ? texts : List.<String>of()) {
			if (text == null) {
				continue;
			}
			ProbeSession session = read(text).orElse(null);
			if (session != null && (query.status() == null || session.status() == query.status())
					&& (query.algorithm() == null
							|| session.settings().algorithm().equals(query.algorithm().label()))) {
				found.add(session);
				if (found.size() == query.limit()) {
					break;
				}
			}
		}
		return found;
	}

	/** Sessions still recorded as running, whoever ran them, with their stored text. */
	List<Stored> running() {
		List<Stored> running = new ArrayList<>();
		Set<String> ids = this.redis.opsForZSet().reverseRange(HISTORY, 0, -1);
		for (String id : (ids != null) ? ids : Set.<String>of()) {
			String text = this.redis.opsForValue().get(PREFIX + id);
			if (text != null) {
				read(text).filter((session) -> session.status() == SessionStatus.RUNNING)
					.ifPresent((session) -> running.add(new Stored(text, session)));
			}
		}
		return running;
	}

	/**
	 * Replaces a stored session only if it is still stored as {@code stored} was read.
	 */
	boolean replace(Stored stored, ProbeSession session) {
		Long done = this.redis.execute(REPLACE, List.of(PREFIX + session.id()), stored.text(), write(session));
		return done != null && done == 1;
	}

	Optional<ProbeSession> latestFinished(Instant before) {
		return query(new SessionQuery(null, null, before, null, 50)).stream()
			.filter((session) -> session.status() != SessionStatus.RUNNING)
			.findFirst();
	}

	private String write(ProbeSession session) {
		try {
			return this.json.writeValueAsString(session);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("session " + session.id() + " not serialisable", ex);
		}
	}

	// A record this version cannot read (written by another one, edited by hand) is
	// left out of the answers and said once per read, not a failure of the whole list.
	private Optional<ProbeSession> read(String text) {
		try {
			return Optional.of(this.json.readValue(text, ProbeSession.class));
		}
		catch (JsonProcessingException ex) {
			logger.log(Level.WARNING, "stored probe session unreadable, left out: " + ex.getOriginalMessage());
			return Optional.empty();
		}
	}

	/** A session as read, with the text it was read from. */
	record Stored(String text, ProbeSession session) {
	}

}
