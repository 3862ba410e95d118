package io.sonde.probes.session;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

import io.sonde.p4programs.codec.GpintWire;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The probes' 15-bit request ids, allocated per send in Redis: a key per id in flight
 * ({@code sonde:probes:request:<id>} = {@code session/send/path/hop}, with an expiry as a
 * guard against a replica that died holding some), taken from a wrapping counter that
 * skips ids still in flight, so ids stay unique across sessions and replicas.
 */
class RequestIds {

	static final String PREFIX = "sonde:probes:request:";

	static final String SEQUENCE = "sonde:probes:request-seq";

	private static final int IDS = GpintWire.MAX_REQUEST_ID + 1;

	private static final RedisScript<Long> ALLOCATE = RedisScript.of("""
			for i = 1, tonumber(ARGV[4]) do
			  local id = redis.call('INCR', KEYS[1]) % tonumber(ARGV[4])
			  if redis.call('SET', ARGV[1] .. id, ARGV[2], 'NX', 'PX', ARGV[3]) then
			    return id
			  end
			end
			return -1
			""", Long.class);

	private final StringRedisTemplate redis;

	private final Duration guard;

	RequestIds(StringRedisTemplate redis, Duration guard) {
		this.redis = redis;
		this.guard = guard;
	}

	/**
	 * A free id, now mapped to {@code mapping}.
	 * @throws IllegalStateException when all 32,768 ids are in flight
	 */
	int allocate(String mapping) {
		Long id = this.redis.execute(ALLOCATE, List.of(SEQUENCE), PREFIX, mapping, Long.toString(this.guard.toMillis()),
				Integer.toString(IDS));
		if (id == null || id < 0) {
			throw new IllegalStateException("all " + IDS + " probe request ids are in flight");
		}
		return id.intValue();
	}

	/** What {@code id} is mapped to; null when it is free. */
	String mapping(int id) {
		return this.redis.opsForValue().get(PREFIX + id);
	}

	void release(Collection<Integer> ids) {
		if (!ids.isEmpty()) {
			this.redis.delete(ids.stream().map((id) -> PREFIX + id).toList());
		}
	}

}
