package io.sonde.access.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.access.AccessNotStored;
import io.sonde.access.Role;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Stored users and tokens in Redis: hash {@value #USERS} (username -> user JSON with the
 * bcrypt hash), hash {@value #TOKENS} (id -> token JSON with its SHA-256), hash
 * {@value #TOKEN_HASHES} (SHA-256 -> id, so a presented token is found in one lookup) and
 * hash {@value #TOKEN_LAST_USED} (id -> epoch milliseconds, written apart so a use never
 * rewrites the token).
 */
class RedisAccessStore {

	static final String USERS = "sonde:access:users";

	static final String TOKENS = "sonde:access:tokens";

	static final String TOKEN_HASHES = "sonde:access:token-hashes";

	static final String TOKEN_LAST_USED = "sonde:access:token-last-used";

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

	RedisAccessStore(StringRedisTemplate redis, ObjectMapper json) {
		this.redis = redis;
		this.json = json;
	}

	List<StoredUser> users() {
		return values(USERS, StoredUser.class);
	}

	Optional<StoredUser> user(String username) {
		return value(USERS, username, StoredUser.class);
	}

	/** Whether it was written: false when the name was taken meanwhile. */
	boolean createUser(StoredUser user) {
		return call(
				() -> Boolean.TRUE.equals(this.redis.opsForHash().putIfAbsent(USERS, user.username(), write(user))));
	}

	void replaceUser(StoredUser user) {
		call(() -> {
			this.redis.opsForHash().put(USERS, user.username(), write(user));
			return null;
		});
	}

	boolean deleteUser(String username) {
		return call(() -> {
			Long removed = this.redis.opsForHash().delete(USERS, username);
			return removed != null && removed > 0;
		});
	}

	List<StoredToken> tokens() {
		return values(TOKENS, StoredToken.class);
	}

	Optional<StoredToken> token(String id) {
		return value(TOKENS, id, StoredToken.class);
	}

	/** The token first, then its hash: a lookup never finds a hash without its token. */
	void saveToken(StoredToken token) {
		call(() -> {
			this.redis.opsForHash().put(TOKENS, token.id(), write(token));
			this.redis.opsForHash().put(TOKEN_HASHES, token.sha256(), token.id());
			return null;
		});
	}

	void replaceToken(StoredToken token) {
		call(() -> {
			this.redis.opsForHash().put(TOKENS, token.id(), write(token));
			return null;
		});
	}

	Optional<StoredToken> tokenByHash(String sha256) {
		return call(() -> {
			Object id = this.redis.opsForHash().get(TOKEN_HASHES, sha256);
			return (id != null) ? token((String) id) : Optional.<StoredToken>empty();
		});
	}

	Map<String, Instant> lastUsed() {
		return call(() -> {
			Map<String, Instant> used = new java.util.HashMap<>();
			this.redis.opsForHash()
				.entries(TOKEN_LAST_USED)
				.forEach((id, millis) -> used.put((String) id, Instant.ofEpochMilli(Long.parseLong((String) millis))));
			return used;
		});
	}

	void markUsed(String id, Instant at) {
		call(() -> {
			this.redis.opsForHash().put(TOKEN_LAST_USED, id, Long.toString(at.toEpochMilli()));
			return null;
		});
	}

	private <T> List<T> values(String key, Class<T> type) {
		return call(() -> {
			List<T> all = new ArrayList<>();
			for (Object stored : this.redis.opsForHash().values(key)) {
				all.add(read((String) stored, type));
			}
			return all;
		});
	}

	private <T> Optional<T> value(String key, String field, Class<T> type) {
		return call(() -> {
			Object stored = this.redis.opsForHash().get(key, field);
			return (stored != null) ? Optional.of(read((String) stored, type)) : Optional.<T>empty();
		});
	}

	private String write(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	private <T> T read(String stored, Class<T> type) {
		try {
			return this.json.readValue(stored, type);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a stored " + type.getSimpleName() + " is not readable JSON", ex);
		}
	}

	private static <T> T call(java.util.function.Supplier<T> operation) {
		try {
			return operation.get();
		}
		catch (DataAccessException ex) {
			throw new AccessNotStored("Redis did not answer: " + ex.getMessage(), ex);
		}
	}

	/**
	 * A stored user; the hash never leaves this module but as a {@code SignInAccount}.
	 */
	record StoredUser(String username, String passwordHash, Role role, String createdBy, Instant createdAt) {
	}

	/** A stored token: its SHA-256 (hex), never the token. */
	record StoredToken(String id, String name, Role role, String sha256, String createdBy, Instant createdAt,
			Instant expiresAt, Instant revokedAt) {

		StoredToken revoked(Instant at) {
			return new StoredToken(this.id, this.name, this.role, this.sha256, this.createdBy, this.createdAt,
					this.expiresAt, at);
		}

	}

}
