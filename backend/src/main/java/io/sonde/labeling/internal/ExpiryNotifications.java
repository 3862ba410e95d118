package io.sonde.labeling.internal;

import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.sonde.store.RedisClients;

import org.springframework.boot.autoconfigure.data.redis.RedisProperties;

/**
 * Redis's expiry notifications for INT-label's aging keys (paper §5): the notifications
 * are switched on ({@code notify-keyspace-events} gains {@code E} and {@code x}, keeping
 * whatever flags others set) when this starts and again whenever a connection to Redis
 * comes up, since a restarted Redis starts with them off; the subscription is made again
 * by Lettuce on each reconnect. Notifications sent while we were away are lost: the
 * adaptive loop's sweep catches those ports.
 */
class ExpiryNotifications implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(ExpiryNotifications.class.getName());

	private final RedisClient client;

	private final String channel;

	/** Runs the blocking CONFIG calls off Lettuce's event loop. */
	private final ExecutorService executor;

	private final Consumer<String> expired;

	private StatefulRedisPubSubConnection<String, String> subscription;

	private StatefulRedisConnection<String, String> commands;

	/**
	 * @param expired called with each expired aging key, on Lettuce's event loop: it must
	 * not block
	 */
	ExpiryNotifications(RedisProperties properties, Consumer<String> expired) {
		this.client = RedisClients.reconnecting(properties);
		this.channel = "__keyevent@" + properties.getDatabase() + "__:expired";
		this.executor = Executors.newSingleThreadExecutor((task) -> {
			Thread thread = new Thread(task, "labeling-notifications");
			thread.setDaemon(true);
			return thread;
		});
		this.expired = expired;
	}

	/**
	 * Switches notifications on and subscribes; if Redis is away,
	 * {@link #connectIfNeeded} tries again.
	 */
	synchronized void start() {
		this.client.addListener(new RedisConnectionStateListener() {
			@Override
			public void onRedisConnected(io.lettuce.core.RedisChannelHandler<?, ?> connection,
					java.net.SocketAddress address) {
				ExpiryNotifications.this.executor.execute(ExpiryNotifications.this::configure);
			}
		});
		connectIfNeeded();
	}

	/**
	 * Opens the connections if they are not open yet (once open, Lettuce redials them by
	 * itself); called by the adaptive loop's sweep.
	 */
	synchronized void connectIfNeeded() {
		if (this.subscription != null) {
			return;
		}
		try {
			if (this.commands == null) {
				this.commands = this.client.connect();
			}
			StatefulRedisPubSubConnection<String, String> pubSub = this.client.connectPubSub();
			pubSub.addListener(new RedisPubSubAdapter<>() {
				@Override
				public void message(String channel, String key) {
					if (key.startsWith(LabelKeys.AGING_PREFIX)) {
						ExpiryNotifications.this.expired.accept(key);
					}
				}
			});
			pubSub.sync().subscribe(this.channel);
			this.subscription = pubSub;
			configure();
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "expiry notifications not set up yet (" + ex.getMessage()
					+ "); the adaptive loop's sweep judges ports until they are");
		}
	}

	/**
	 * Adds {@code E} and {@code x} to {@code notify-keyspace-events}, keeping other
	 * flags.
	 */
	void configure() {
		StatefulRedisConnection<String, String> connection = this.commands;
		if (connection == null) {
			return;
		}
		try {
			String flags = connection.sync()
				.configGet("notify-keyspace-events")
				.getOrDefault("notify-keyspace-events", "");
			String wanted = withExpiredEvents(flags);
			if (!wanted.equals(flags)) {
				connection.sync().configSet("notify-keyspace-events", wanted);
				logger.log(Level.INFO, "Redis notify-keyspace-events set to '" + wanted + "' (was '" + flags
						+ "') for INT-label's aging keys");
			}
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "Redis expiry notifications not switched on (" + ex.getMessage()
					+ "); tried again when the connection comes back");
		}
	}

	/** {@code flags} with keyevent notifications of expired keys. */
	static String withExpiredEvents(String flags) {
		String current = (flags != null) ? flags : "";
		StringBuilder wanted = new StringBuilder(current);
		if (current.indexOf('E') < 0) {
			wanted.append('E');
		}
		if (current.indexOf('x') < 0 && current.indexOf('A') < 0) {
			wanted.append('x');
		}
		return wanted.toString();
	}

	/** Whether Redis has keyevent notifications of expired keys on. */
	static boolean expiredEventsOn(String flags) {
		String current = (flags != null) ? flags : "";
		return current.indexOf('E') >= 0 && (current.indexOf('x') >= 0 || current.indexOf('A') >= 0);
	}

	@Override
	public synchronized void close() {
		if (this.subscription != null) {
			this.subscription.close();
		}
		if (this.commands != null) {
			this.commands.close();
		}
		this.executor.shutdownNow();
		this.client.shutdown();
		this.client.getResources().shutdown();
	}

	@Override
	public String toString() {
		return "expiry notifications on " + this.channel.toLowerCase(Locale.ROOT);
	}

}
