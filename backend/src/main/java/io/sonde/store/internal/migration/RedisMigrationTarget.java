package io.sonde.store.internal.migration;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Applies db-migrations/redis/*.redis (one Redis command per line) and records them in
 * the hash {@code sonde:schema:migrations}; {@code sonde:schema:version} holds the layout
 * version.
 */
class RedisMigrationTarget implements MigrationTarget {

	static final String HISTORY_KEY = "sonde:schema:migrations";

	static final String VERSION_KEY = "sonde:schema:version";

	private final StringRedisTemplate redis;

	/**
	 * Set while the layout is applied again after Redis lost its data: consumer groups
	 * then start at their stream's first entry instead of its end.
	 */
	private volatile boolean afterDataLoss;

	RedisMigrationTarget(StringRedisTemplate redis) {
		this.redis = redis;
	}

	/**
	 * Applies {@code work} with {@code XGROUP CREATE ... $} read as {@code 0}: after a
	 * data loss, whatever a stream holds was written since by collectors that kept
	 * publishing, and none of it was read, so a group made at the stream's end would skip
	 * it. At first start {@code $} stays: the groups are made before anything is
	 * published.
	 */
	void afterDataLoss(Runnable work) {
		this.afterDataLoss = true;
		try {
			work.run();
		}
		finally {
			this.afterDataLoss = false;
		}
	}

	@Override
	public String folder() {
		return "redis";
	}

	@Override
	public Map<Integer, String> applied() {
		Map<Integer, String> applied = new LinkedHashMap<>();
		this.redis.<String, String>opsForHash().entries(HISTORY_KEY).forEach((version, record) -> {
			applied.put(Integer.parseInt(version), record.split(" ", 2)[0]);
		});
		return applied;
	}

	@Override
	public void apply(Migration migration) {
		for (List<String> command : commands(migration.script())) {
			List<String> effective = this.afterDataLoss ? groupsFromStreamStart(command) : command;
			this.redis.execute((RedisCallback<Object>) (connection) -> run(connection, effective));
		}
	}

	/** {@code XGROUP CREATE key group $ ...} with {@code 0} for {@code $}. */
	static List<String> groupsFromStreamStart(List<String> command) {
		if (command.size() >= 5 && command.get(0).equalsIgnoreCase("XGROUP")
				&& command.get(1).equalsIgnoreCase("CREATE") && command.get(4).equals("$")) {
			List<String> fromStart = new ArrayList<>(command);
			fromStart.set(4, "0");
			return fromStart;
		}
		return command;
	}

	private static Object run(RedisConnection connection, List<String> command) {
		byte[][] args = command.subList(1, command.size())
			.stream()
			.map((arg) -> arg.getBytes(StandardCharsets.UTF_8))
			.toArray(byte[][]::new);
		try {
			return connection.execute(command.get(0), args);
		}
		catch (DataAccessException ex) {
			// A consumer group left by an interrupted earlier run, or made by a consumer
			// after a data loss, is the state we want. Spring keeps Redis's answer in the
			// cause ("Error in execution" on top).
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (String.valueOf(cause.getMessage()).contains("BUSYGROUP")) {
					return null;
				}
			}
			throw ex;
		}
	}

	@Override
	public void record(Migration migration, Instant appliedAt) {
		this.redis.opsForHash()
			.put(HISTORY_KEY, Integer.toString(migration.version()),
					migration.checksum() + " " + appliedAt + " " + migration.description());
		String current = this.redis.opsForValue().get(VERSION_KEY);
		if (current == null || Integer.parseInt(current) < migration.version()) {
			this.redis.opsForValue().set(VERSION_KEY, Integer.toString(migration.version()));
		}
	}

	/** One command per line, arguments split on white space; # starts a comment line. */
	static List<List<String>> commands(String script) {
		List<List<String>> commands = new ArrayList<>();
		for (String line : script.lines().toList()) {
			String trimmed = line.strip();
			if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
				commands.add(List.of(trimmed.split("\\s+")));
			}
		}
		return commands;
	}

}
