package io.sonde.store.internal.continuity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.store.RedisStateOfRecord;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The keys the epoch watch reads and writes: {@value #EPOCH} (the epoch, written once),
 * {@value #LOSS} (an unacknowledged data loss, shared by every replica). One script reads
 * both, the schema history and whether each state of record exists.
 */
class EpochStore {

	static final String EPOCH = "sonde:epoch";

	static final String LOSS = "sonde:epoch:lost";

	/** The migration runner's record (RedisMigrationTarget.HISTORY_KEY). */
	static final String HISTORY = "sonde:schema:migrations";

	/**
	 * The epoch, the loss record, whether the schema history exists, then for each state
	 * of record (ARGV: how many of the KEYS after the first three are its) how many of
	 * its keys exist: one consistent snapshot.
	 */
	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> READ = RedisScript.of("""
			local out = {redis.call('GET', KEYS[1]) or false, redis.call('GET', KEYS[2]) or false,
			  redis.call('EXISTS', KEYS[3])}
			local next = 4
			for i = 1, #ARGV do
			  local found = 0
			  for k = next, next + tonumber(ARGV[i]) - 1 do
			    found = found + redis.call('EXISTS', KEYS[k])
			  end
			  out[#out + 1] = found
			  next = next + tonumber(ARGV[i])
			end
			return out
			""", List.class);

	/**
	 * Replaces the loss record by a new epoch only if the record is still the one the
	 * operator saw: two acknowledgements, or one racing a new loss, cannot both win.
	 */
	private static final RedisScript<Long> ACKNOWLEDGE = RedisScript.of("""
			if redis.call('GET', KEYS[2]) == ARGV[1] then
			  redis.call('SET', KEYS[1], ARGV[2])
			  redis.call('DEL', KEYS[2])
			  return 1
			end
			return 0
			""", Long.class);

	private final StringRedisTemplate redis;

	private final List<RedisStateOfRecord> state;

	EpochStore(StringRedisTemplate redis, List<RedisStateOfRecord> state) {
		this.redis = redis;
		this.state = List.copyOf(state);
	}

	List<RedisStateOfRecord> stateOfRecord() {
		return this.state;
	}

	/**
	 * What Redis holds now, in one round trip on the shared connection (a pipeline would
	 * dial a dedicated connection every second, and a dial has no deadline of its own).
	 */
	Snapshot read() {
		List<String> keys = new ArrayList<>(List.of(EPOCH, LOSS, HISTORY));
		List<String> sizes = new ArrayList<>();
		for (RedisStateOfRecord family : this.state) {
			keys.addAll(family.keys());
			sizes.add(Integer.toString(family.keys().size()));
		}
		List<?> replies = this.redis.execute(READ, keys, sizes.toArray());
		Map<String, Boolean> present = new LinkedHashMap<>();
		for (int i = 0; i < this.state.size(); i++) {
			present.put(this.state.get(i).name(), count(replies.get(3 + i)) > 0);
		}
		return new Snapshot(text(replies.get(0)), text(replies.get(1)), count(replies.get(2)) > 0, present);
	}

	private static String text(Object reply) {
		if (reply instanceof byte[] bytes) {
			return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
		}
		return (reply != null) ? reply.toString() : null;
	}

	private static long count(Object reply) {
		if (reply instanceof Boolean exists) {
			return exists ? 1 : 0;
		}
		return (reply instanceof Number number) ? number.longValue() : 0;
	}

	/** Writes the first epoch unless another replica was first. */
	boolean createEpoch(String epoch) {
		return Boolean.TRUE.equals(this.redis.opsForValue().setIfAbsent(EPOCH, epoch));
	}

	/** Records a loss unless one is recorded already. */
	boolean recordLoss(String loss) {
		return Boolean.TRUE.equals(this.redis.opsForValue().setIfAbsent(LOSS, loss));
	}

	/** Ends the loss recorded as {@code lossText} with {@code epoch}. */
	boolean acknowledge(String lossText, String epoch) {
		Long done = this.redis.execute(ACKNOWLEDGE, List.of(EPOCH, LOSS), lossText, epoch);
		return done != null && done == 1;
	}

	/**
	 * One read of Redis.
	 *
	 * @param epoch the epoch key's text, or null
	 * @param loss the loss record's text, or null
	 * @param history whether the schema history exists
	 * @param present each state of record by name: whether any of its keys exists
	 */
	record Snapshot(String epoch, String loss, boolean history, Map<String, Boolean> present) {

		List<String> presentNames() {
			List<String> names = new ArrayList<>();
			this.present.forEach((name, exists) -> {
				if (exists) {
					names.add(name);
				}
			});
			return names;
		}

		boolean anyState() {
			return this.present.containsValue(Boolean.TRUE);
		}

	}

}
