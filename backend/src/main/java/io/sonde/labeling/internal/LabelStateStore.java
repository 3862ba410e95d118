package io.sonde.labeling.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * INT-label's per-port state in Redis (keys in {@link LabelKeys}). Items are applied by
 * one script call per batch ({@code apply-newer.lua}), which keeps the newer-wins rule
 * inside Redis: concurrent collectors never read-then-write.
 */
class LabelStateStore {

	/** Values per item the script reads. */
	static final int ARGS_PER_ITEM = 5;

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> APPLY_NEWER = RedisScript
		.of(new ClassPathResource("io/sonde/labeling/apply-newer.lua"), List.class);

	private final StringRedisTemplate redis;

	LabelStateStore(StringRedisTemplate redis) {
		this.redis = redis;
	}

	/**
	 * Applies every item that is newer than its port's stored one, in one call.
	 * @return the indexes (0-based, ascending) of the items applied
	 */
	List<Integer> apply(List<PendingItem> items) {
		if (items.isEmpty()) {
			return List.of();
		}
		List<String> keys = new ArrayList<>(1 + 2 * items.size());
		Object[] args = new Object[ARGS_PER_ITEM * items.size()];
		keys.add(LabelKeys.PORTS);
		int a = 0;
		for (PendingItem item : items) {
			keys.add(LabelKeys.portKey(item.port()));
			keys.add(LabelKeys.agingKey(item.port()));
			args[a++] = Long.toString(item.epoch());
			args[a++] = Long.toString(item.labelTime());
			args[a++] = packed(item);
			args[a++] = Long.toString(Math.max(1, item.agingMillis()));
			args[a++] = LabelKeys.portId(item.port());
		}
		List<?> applied = this.redis.execute(APPLY_NEWER, keys, args);
		List<Integer> indexes = new ArrayList<>((applied != null) ? applied.size() : 0);
		if (applied != null) {
			applied.forEach((index) -> indexes.add(((Number) index).intValue() - 1));
		}
		return indexes;
	}

	/** Every port's latest state. */
	List<PortLabelState> latest() {
		Set<String> ids = this.redis.opsForSet().members(LabelKeys.PORTS);
		if (ids == null || ids.isEmpty()) {
			return List.of();
		}
		List<PortKey> ports = ids.stream().map(LabelKeys::port).flatMap(Optional::stream).sorted().toList();
		List<Object> rows = this.redis.executePipelined((RedisCallback<Object>) (connection) -> {
			for (PortKey port : ports) {
				connection.hashCommands().hGetAll(LabelKeys.portKey(port).getBytes());
			}
			return null;
		});
		List<PortLabelState> states = new ArrayList<>(ports.size());
		for (int i = 0; i < ports.size(); i++) {
			@SuppressWarnings("unchecked")
			Map<String, String> row = (Map<String, String>) rows.get(i);
			if (row != null && row.containsKey("t")) {
				states.add(state(ports.get(i), row));
			}
		}
		return states;
	}

	/** A port's hash: {@code e}, {@code t} and {@code v} ({@link #packed}). */
	static PortLabelState state(PortKey port, Map<String, String> row) {
		String[] rest = row.getOrDefault("v", "0 0 0 0 0").split(" ");
		return new PortLabelState(port, Long.parseLong(rest[0]), Long.parseLong(row.get("t")), Long.parseLong(rest[1]),
				Integer.parseInt(rest[2]), Integer.parseInt(rest[3]), Instant.ofEpochMilli(Long.parseLong(rest[4])));
	}

	/**
	 * What a port's state holds beside epoch and label time:
	 * {@code device latency depth S receivedAtMs}.
	 */
	static String packed(PendingItem item) {
		return new StringBuilder(48).append(item.deviceId())
			.append(' ')
			.append(item.hopLatency())
			.append(' ')
			.append(item.queueDepth())
			.append(' ')
			.append(item.shift())
			.append(' ')
			.append(item.receivedAtMillis())
			.toString();
	}

	/** Port -> {@code [S, LRT millis]} as the adaptive loop stored them. */
	Map<PortKey, long[]> shifts() {
		Map<Object, Object> stored = this.redis.opsForHash().entries(LabelKeys.SHIFTS);
		Map<PortKey, long[]> shifts = new HashMap<>();
		stored.forEach((id, value) -> LabelKeys.port((String) id).ifPresent((port) -> {
			String[] parts = ((String) value).split(":");
			try {
				shifts.put(port, new long[] { Long.parseLong(parts[0]), Long.parseLong(parts[1]) });
			}
			catch (RuntimeException ex) {
				// a cell written by hand: S 0, as if never raised
			}
		}));
		return shifts;
	}

	/** Stores a port's S and LRT, and on a raise re-arms its aging key (paper §5). */
	void saveShift(PortKey port, int shift, long lastChangeMillis, long rearmAgingMillis) {
		this.redis.executePipelined((RedisCallback<Object>) (connection) -> {
			connection.hashCommands()
				.hSet(LabelKeys.SHIFTS.getBytes(), LabelKeys.portId(port).getBytes(),
						(shift + ":" + lastChangeMillis).getBytes());
			if (rearmAgingMillis > 0) {
				connection.stringCommands()
					.set(LabelKeys.agingKey(port).getBytes(), "1".getBytes(),
							org.springframework.data.redis.core.types.Expiration.milliseconds(rearmAgingMillis),
							org.springframework.data.redis.connection.RedisStringCommands.SetOption.UPSERT);
			}
			return null;
		});
	}

	/** Switch -> its clock epoch. */
	Map<String, Long> epochs() {
		Map<String, Long> epochs = new HashMap<>();
		this.redis.opsForHash()
			.entries(LabelKeys.EPOCHS)
			.forEach((name, epoch) -> epochs.put((String) name, Long.parseLong((String) epoch)));
		return epochs;
	}

	long nextEpoch(String switchName) {
		Long next = this.redis.opsForHash().increment(LabelKeys.EPOCHS, switchName, 1);
		return (next != null) ? next : 1;
	}

	void saveFlowPath(String flow, String json) {
		this.redis.opsForHash().put(LabelKeys.FLOW_PATHS, flow, json);
	}

	Map<Object, Object> flowPaths() {
		return this.redis.opsForHash().entries(LabelKeys.FLOW_PATHS);
	}

	/**
	 * One item to apply.
	 *
	 * @param port the labeling port
	 * @param epoch its switch's clock epoch
	 * @param deviceId the INT node id it carried
	 * @param labelTime the switch clock when it labeled
	 * @param hopLatency the hop latency
	 * @param queueDepth the queue depth
	 * @param shift S when it labeled
	 * @param receivedAtMillis when the export arrived
	 * @param agingMillis k * T of the port's switch
	 */
	record PendingItem(PortKey port, long epoch, long deviceId, long labelTime, long hopLatency, int queueDepth,
			int shift, long receivedAtMillis, long agingMillis) {
	}

}
