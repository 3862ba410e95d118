package io.sonde.probes.session;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * One lease in Redis ({@value #KEY}) for the session running across all replicas: taken
 * with SET NX and an expiry, renewed and released only by its holder (compare and set in
 * a script), so a second replica never runs a session beside the first, and a replica
 * that died frees it when the expiry passes.
 */
class SessionLease {

	static final String KEY = "sonde:probes:lease";

	private static final RedisScript<Long> RENEW = RedisScript.of("""
			if redis.call('GET', KEYS[1]) == ARGV[1] then
			  redis.call('PEXPIRE', KEYS[1], ARGV[2])
			  return 1
			end
			return 0
			""", Long.class);

	private static final RedisScript<Long> RELEASE = RedisScript.of("""
			if redis.call('GET', KEYS[1]) == ARGV[1] then
			  return redis.call('DEL', KEYS[1])
			end
			return 0
			""", Long.class);

	private final StringRedisTemplate redis;

	private final Duration ttl;

	SessionLease(StringRedisTemplate redis, Duration ttl) {
		this.redis = redis;
		this.ttl = ttl;
	}

	Duration ttl() {
		return this.ttl;
	}

	/** Takes the lease for {@code holder} unless someone holds it. */
	boolean acquire(String holder) {
		return Boolean.TRUE.equals(this.redis.opsForValue().setIfAbsent(KEY, holder, this.ttl));
	}

	/** Extends the lease; false when {@code holder} no longer holds it. */
	boolean renew(String holder) {
		Long done = this.redis.execute(RENEW, List.of(KEY), holder, Long.toString(this.ttl.toMillis()));
		return done != null && done == 1;
	}

	void release(String holder) {
		this.redis.execute(RELEASE, List.of(KEY), holder);
	}

	Optional<String> holder() {
		return Optional.ofNullable(this.redis.opsForValue().get(KEY));
	}

}
