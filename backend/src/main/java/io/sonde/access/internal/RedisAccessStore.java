package io.sonde.access.internal;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.access.AccessNotStored;
import io.sonde.access.Role;
import io.sonde.core.redis.RedisJson;

import org.springframework.data.redis.core.HashOperations;
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

	private final RedisJson store;

	RedisAccessStore(StringRedisTemplate redis, ObjectMapper json) {
		this.store = new RedisJson(redis, json,
				(ex) -> new AccessNotStored("Redis did not answer: " + ex.getMessage(), ex));
	}

	List<StoredUser> users() {
		return this.store.hashValues(USERS, StoredUser.class);
	}

	Optional<StoredUser> user(String username) {
		return this.store.hashValue(USERS, username, StoredUser.class);
	}

	/** Whether it was written: false when the name was taken meanwhile. */
	boolean createUser(StoredUser user) {
		String stored = this.store.write(user);
		return this.store.call(() -> Boolean.TRUE.equals(hash().putIfAbsent(USERS, user.username(), stored)));
	}

	void replaceUser(StoredUser user) {
		String stored = this.store.write(user);
		this.store.run(() -> hash().put(USERS, user.username(), stored));
	}

	boolean deleteUser(String username) {
		return this.store.call(() -> {
			Long removed = hash().delete(USERS, username);
			return removed != null && removed > 0;
		});
	}

	List<StoredToken> tokens() {
		return this.store.hashValues(TOKENS, StoredToken.class);
	}

	Optional<StoredToken> token(String id) {
		return this.store.hashValue(TOKENS, id, StoredToken.class);
	}

	/** The token first, then its hash: a lookup never finds a hash without its token. */
	void saveToken(StoredToken token) {
		String stored = this.store.write(token);
		this.store.run(() -> {
			hash().put(TOKENS, token.id(), stored);
			hash().put(TOKEN_HASHES, token.sha256(), token.id());
		});
	}

	void replaceToken(StoredToken token) {
		String stored = this.store.write(token);
		this.store.run(() -> hash().put(TOKENS, token.id(), stored));
	}

	Optional<StoredToken> tokenByHash(String sha256) {
		return this.store.call(() -> Optional.ofNullable(hash().get(TOKEN_HASHES, sha256)))
			.flatMap((id) -> token((String) id));
	}

	Map<String, Instant> lastUsed() {
		return this.store.call(() -> {
			Map<String, Instant> used = new HashMap<>();
			hash().entries(TOKEN_LAST_USED)
				.forEach((id, millis) -> used.put((String) id, Instant.ofEpochMilli(Long.parseLong((String) millis))));
			return used;
		});
	}

	void markUsed(String id, Instant at) {
		this.store.run(() -> hash().put(TOKEN_LAST_USED, id, Long.toString(at.toEpochMilli())));
	}

	private HashOperations<String, Object, Object> hash() {
		return this.store.redis().opsForHash();
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
