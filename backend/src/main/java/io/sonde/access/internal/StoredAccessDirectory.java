package io.sonde.access.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import io.sonde.access.AccessDirectory;
import io.sonde.access.AccessNotStored;
import io.sonde.access.AccessRequestRejected;
import io.sonde.access.AccessUser;
import io.sonde.access.AccountSource;
import io.sonde.access.ApiToken;
import io.sonde.access.ConfiguredAccounts;
import io.sonde.access.ConfiguredAccountReadOnly;
import io.sonde.access.IssuedToken;
import io.sonde.access.Role;
import io.sonde.access.SignInAccount;
import io.sonde.access.TokenNotFound;
import io.sonde.access.UserAlreadyExists;
import io.sonde.access.UserNotFound;
import io.sonde.access.internal.RedisAccessStore.StoredToken;
import io.sonde.access.internal.RedisAccessStore.StoredUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * The directory over Redis and the configured accounts. Passwords are encoded with the
 * application's encoder (bcrypt); tokens are 32 random bytes, kept as SHA-256 only.
 */
class StoredAccessDirectory implements AccessDirectory {

	private static final Logger log = LoggerFactory.getLogger(StoredAccessDirectory.class);

	private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

	private static final int MIN_PASSWORD = 12;

	private static final int MAX_NAME = 100;

	private static final String TOKEN_PREFIX = "sonde_";

	/** A use is written at most this often per token: last use is to the minute. */
	private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

	private final RedisAccessStore store;

	private final ConfiguredAccounts configured;

	private final PasswordEncoder passwords;

	private final Clock clock;

	private final SecureRandom random = new SecureRandom();

	private final Map<String, Instant> lastMarked = new java.util.concurrent.ConcurrentHashMap<>();

	StoredAccessDirectory(RedisAccessStore store, ConfiguredAccounts configured, PasswordEncoder passwords,
			Clock clock) {
		this.store = store;
		this.configured = configured;
		this.passwords = passwords;
		this.clock = clock;
	}

	@Override
	public List<AccessUser> users() {
		List<AccessUser> users = new ArrayList<>(this.configured.users());
		this.store.users()
			.stream()
			.sorted(Comparator.comparing(StoredUser::username))
			.map(StoredAccessDirectory::listed)
			.forEach(users::add);
		return users;
	}

	@Override
	public Optional<SignInAccount> signInAccount(String username) {
		try {
			return this.store.user(username)
				.map((user) -> new SignInAccount(user.username(), user.passwordHash(), user.role()));
		}
		catch (AccessNotStored ex) {
			log.warn("Stored users unavailable for sign-in of '{}' (configured accounts still work): {}", username,
					ex.getMessage());
			return Optional.empty();
		}
	}

	@Override
	public AccessUser createUser(String username, String password, Role role, String actor) {
		checkUsername(username);
		checkPassword(password);
		if (role == null) {
			throw new AccessRequestRejected("role", "is required: viewer, operator or admin");
		}
		if (this.configured.user(username).isPresent()) {
			throw new UserAlreadyExists(username);
		}
		StoredUser user = new StoredUser(username, this.passwords.encode(password), role, actor, this.clock.instant());
		if (!this.store.createUser(user)) {
			throw new UserAlreadyExists(username);
		}
		return listed(user);
	}

	@Override
	public AccessUser updateUser(String username, Role role, String password, String actor) {
		refuseConfigured(username);
		if (role == null && password == null) {
			throw new AccessRequestRejected("role", "give a role, a password, or both");
		}
		if (password != null) {
			checkPassword(password);
		}
		StoredUser user = this.store.user(username).orElseThrow(() -> new UserNotFound(username));
		StoredUser changed = new StoredUser(username,
				(password != null) ? this.passwords.encode(password) : user.passwordHash(),
				(role != null) ? role : user.role(), user.createdBy(), user.createdAt());
		this.store.replaceUser(changed);
		return listed(changed);
	}

	@Override
	public void deleteUser(String username, String actor) {
		refuseConfigured(username);
		if (!this.store.deleteUser(username)) {
			throw new UserNotFound(username);
		}
	}

	@Override
	public List<ApiToken> tokens() {
		List<ApiToken> tokens = new ArrayList<>(this.configured.tokens());
		Map<String, Instant> used = this.store.lastUsed();
		this.store.tokens()
			.stream()
			.sorted(Comparator.comparing(StoredToken::createdAt).reversed())
			.map((token) -> listed(token, used.get(token.id())))
			.forEach(tokens::add);
		return tokens;
	}

	@Override
	public IssuedToken issueToken(String name, Role role, Instant expiresAt, String actor) {
		if (name == null || name.isBlank()) {
			throw new AccessRequestRejected("name", "is required: say what the token is for");
		}
		if (name.length() > MAX_NAME) {
			throw new AccessRequestRejected("name", "is longer than " + MAX_NAME + " characters");
		}
		if (role == null) {
			throw new AccessRequestRejected("role", "is required: viewer, operator or admin");
		}
		Instant now = this.clock.instant();
		if (expiresAt != null && !expiresAt.isAfter(now)) {
			throw new AccessRequestRejected("expiresAt", "is not in the future");
		}
		String secret = TOKEN_PREFIX + randomText(32);
		StoredToken token = new StoredToken("tok-" + randomText(9), name.trim(), role, sha256Hex(secret), actor, now,
				expiresAt, null);
		this.store.saveToken(token);
		return new IssuedToken(listed(token, null), secret);
	}

	@Override
	public ApiToken revokeToken(String id, String actor) {
		if (this.configured.tokens().stream().anyMatch((token) -> token.id().equals(id))) {
			throw new ConfiguredAccountReadOnly("token '" + id + "'");
		}
		StoredToken token = this.store.token(id).orElseThrow(() -> new TokenNotFound(id));
		StoredToken revoked = (token.revokedAt() != null) ? token : token.revoked(this.clock.instant());
		this.store.replaceToken(revoked);
		return listed(revoked, null);
	}

	@Override
	public Optional<ApiToken> authenticateToken(String presented) {
		Instant now = this.clock.instant();
		try {
			Optional<ApiToken> active = this.store.tokenByHash(sha256Hex(presented))
				.map((token) -> listed(token, null))
				.filter((token) -> token.activeAt(now));
			active.ifPresent((token) -> markUsed(token.id(), now));
			return active;
		}
		catch (AccessNotStored ex) {
			log.warn("Stored tokens unavailable (configured tokens still work): {}", ex.getMessage());
			return Optional.empty();
		}
	}

	private void markUsed(String id, Instant now) {
		Instant last = this.lastMarked.get(id);
		if (last == null || !now.isBefore(last.plus(LAST_USED_RESOLUTION))) {
			this.lastMarked.put(id, now);
			this.store.markUsed(id, now);
		}
	}

	private void refuseConfigured(String username) {
		if (this.configured.user(username).isPresent()) {
			throw new ConfiguredAccountReadOnly("user '" + username + "'");
		}
	}

	private static void checkUsername(String username) {
		if (username == null || !USERNAME.matcher(username).matches()) {
			throw new AccessRequestRejected("username",
					"must be 1 to 64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
		}
	}

	private static void checkPassword(String password) {
		if (password == null || password.length() < MIN_PASSWORD) {
			throw new AccessRequestRejected("password", "must be at least " + MIN_PASSWORD + " characters");
		}
	}

	private static AccessUser listed(StoredUser user) {
		return new AccessUser(user.username(), user.role(), AccountSource.STORED, user.createdBy(), user.createdAt());
	}

	private static ApiToken listed(StoredToken token, Instant lastUsed) {
		return new ApiToken(token.id(), token.name(), token.role(), AccountSource.STORED, token.createdBy(),
				token.createdAt(), token.expiresAt(), lastUsed, token.revokedAt());
	}

	private String randomText(int bytes) {
		byte[] random = new byte[bytes];
		this.random.nextBytes(random);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
	}

	static String sha256Hex(String text) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java runtime provides SHA-256", ex);
		}
	}

}
