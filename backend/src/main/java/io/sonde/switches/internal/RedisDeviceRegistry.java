package io.sonde.switches.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchRegistryUnavailable;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The registry of switches, the desired state every backend replica shares: one Redis
 * hash, {@value #KEY}, switch name -> the registration as JSON.
 */
public class RedisDeviceRegistry {

	static final String KEY = "sonde:switches:devices";

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

	public RedisDeviceRegistry(StringRedisTemplate redis, ObjectMapper json) {
		this.redis = redis;
		this.json = json;
	}

	/**
	 * Every registration, by name; ones this version cannot read are skipped and logged.
	 */
	public List<SwitchDevice> all() {
		Map<Object, Object> stored = read(() -> this.redis.opsForHash().entries(KEY));
		List<SwitchDevice> devices = new ArrayList<>();
		for (Map.Entry<Object, Object> entry : stored.entrySet()) {
			parse((String) entry.getValue()).ifPresent(devices::add);
		}
		devices.sort(Comparator.comparing(SwitchDevice::name));
		return devices;
	}

	public Optional<SwitchDevice> named(String name) {
		Object stored = read(() -> this.redis.opsForHash().get(KEY, name));
		return (stored != null) ? parse((String) stored) : Optional.empty();
	}

	/** Adds the switch unless the name is taken; whether it was added. */
	public boolean add(SwitchDevice device) {
		return Boolean.TRUE.equals(read(() -> this.redis.opsForHash().putIfAbsent(KEY, device.name(), write(device))));
	}

	public void put(SwitchDevice device) {
		read(() -> {
			this.redis.opsForHash().put(KEY, device.name(), write(device));
			return null;
		});
	}

	public boolean remove(String name) {
		return read(() -> this.redis.opsForHash().delete(KEY, name)) > 0;
	}

	private String write(SwitchDevice device) {
		try {
			return this.json.writeValueAsString(device);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write " + device.name() + " as JSON", ex);
		}
	}

	private Optional<SwitchDevice> parse(String text) {
		try {
			return Optional.of(this.json.readValue(text, SwitchDevice.class));
		}
		catch (JsonProcessingException | RuntimeException ex) {
			System.getLogger(RedisDeviceRegistry.class.getName())
				.log(System.Logger.Level.WARNING, "skipping an unreadable switch registration: " + ex.getMessage());
			return Optional.empty();
		}
	}

	private static <T> T read(java.util.function.Supplier<T> call) {
		try {
			return call.get();
		}
		catch (DataAccessException ex) {
			throw new SwitchRegistryUnavailable("the switch registry in Redis is unavailable: " + ex.getMessage(), ex);
		}
	}

}
