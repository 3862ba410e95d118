package io.sonde.e2e.support;

import java.nio.file.Path;
import java.util.function.Supplier;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The backend as the browser tests run it: one known dashboard user, its embedded QuestDB
 * in a temporary folder on free ports, and a given Redis.
 */
public final class TestService {

	public static final String USER = "e2e-operator";

	public static final String PASSWORD = "e2e-password-" + System.nanoTime();

	private TestService() {
	}

	/**
	 * A dashboard account of each role, all signing in with {@link #PASSWORD}; the admin
	 * is {@link #USER}, which {@link #register} configures.
	 */
	public enum Account {

		ADMIN(USER), OPERATOR("e2e-operator-role"), VIEWER("e2e-viewer");

		private final String username;

		Account(String username) {
			this.username = username;
		}

		public String username() {
			return this.username;
		}

		/** As screenshot folders and messages name it. */
		public String lowerCase() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

	}

	/** Adds the {@link Account#OPERATOR} and {@link Account#VIEWER} accounts. */
	public static void registerAccountPerRole(DynamicPropertyRegistry properties) {
		String hash = "{bcrypt}" + new BCryptPasswordEncoder(4).encode(PASSWORD);
		int index = 1;
		for (Account account : java.util.List.of(Account.OPERATOR, Account.VIEWER)) {
			String user = "sonde.security.users[" + index++ + "].";
			properties.add(user + "username", account::username);
			properties.add(user + "password-hash", () -> hash);
			properties.add(user + "roles", account::name);
		}
	}

	public static void register(DynamicPropertyRegistry properties, Path temporary, Supplier<Object> redisPort) {
		properties.add("sonde.security.users[0].username", () -> USER);
		properties.add("sonde.security.users[0].password-hash",
				() -> "{bcrypt}" + new BCryptPasswordEncoder(4).encode(PASSWORD));
		properties.add("sonde.timeseries.questdb.data-dir", () -> temporary.resolve("questdb").toString());
		properties.add("sonde.timeseries.questdb.http-port", () -> "0");
		properties.add("sonde.timeseries.questdb.pg-port", () -> "0");
		properties.add("spring.data.redis.host", () -> "127.0.0.1");
		properties.add("spring.data.redis.port", redisPort);
	}

}
