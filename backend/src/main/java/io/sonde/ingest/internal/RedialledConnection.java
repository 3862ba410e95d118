package io.sonde.ingest.internal;

import java.time.Duration;
import java.util.function.Supplier;

import io.lettuce.core.api.StatefulRedisConnection;

/**
 * A stream consumer's own connection, dialled again when Redis closed it: the client does
 * not redial by itself, so after a restart a read fails at once and the next round needs
 * a new connection.
 */
public final class RedialledConnection {

	private final Supplier<StatefulRedisConnection<String, String>> dial;

	private final Duration timeout;

	private StatefulRedisConnection<String, String> connection;

	/**
	 * @param timeout a command's timeout, longer than the consumer's blocking read
	 */
	public RedialledConnection(Supplier<StatefulRedisConnection<String, String>> dial, Duration timeout) {
		this.dial = dial;
		this.timeout = timeout;
	}

	/** The open connection, dialled now when there is none or Redis closed the last. */
	public StatefulRedisConnection<String, String> open() {
		if (this.connection == null || !this.connection.isOpen()) {
			close();
			this.connection = this.dial.get();
			this.connection.setTimeout(this.timeout);
		}
		return this.connection;
	}

	public void close() {
		if (this.connection != null) {
			this.connection.close();
			this.connection = null;
		}
	}

	/**
	 * Waits before a retry; an interrupt ends the wait and stays set for the loop to see.
	 */
	public static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
