package io.sonde.ingest;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.lettuce.core.Consumer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.models.stream.ClaimedMessages;
import io.sonde.core.LoopHealth;
import io.sonde.ingest.internal.ConsumerGroupHealing;
import io.sonde.ingest.internal.RedialledConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of a stream in a group, on a thread and a connection of its own, healing
 * as the events ingest does: its own pending entries first (after a start or a failure),
 * entries other consumers left pending longer than {@code claimIdle} claimed, every
 * failure retried each second on a connection dialled again, a lost group created again
 * ({@link ConsumerGroupHealing}). Entries are acknowledged once {@link Entries#handle}
 * returned: at least once, so the handler stores idempotently.
 */
public final class GroupConsumer {

	private static final Logger log = LoggerFactory.getLogger(GroupConsumer.class);

	private static final Duration RETRY = Duration.ofSeconds(1);

	/** What a consumer does with the entries it read, before they are acknowledged. */
	@FunctionalInterface
	public interface Entries {

		/**
		 * Stores the entries; an exception leaves them pending, to be read again.
		 * @param entries in stream order; an entry trimmed while pending has null fields
		 */
		void handle(List<StreamMessage<String, String>> entries);

	}

	/**
	 * Where and how a consumer reads.
	 *
	 * @param stream the stream
	 * @param group its consumer group
	 * @param consumer this consumer's name in the group, stable per replica
	 * @param count entries per read
	 * @param block how long one read waits
	 * @param claimIdle entries pending this long on another consumer are taken over
	 */
	public record Reading(String stream, String group, String consumer, int count, Duration block, Duration claimIdle) {
	}

	private final Reading reading;

	private final Entries entries;

	private final LoopHealth health;

	private String lastAcknowledged;

	private boolean groupMissing;

	private volatile boolean running;

	private Thread thread;

	private final RedialledConnection connection;

	public GroupConsumer(RedisClient redis, Reading reading, Entries entries, Clock clock) {
		this.connection = new RedialledConnection(redis::connect, reading.block().plusSeconds(10));
		this.reading = reading;
		this.entries = entries;
		this.health = new LoopHealth("consumer " + reading.consumer() + " reading " + reading.stream(), clock);
	}

	private void consume() {
		Consumer<String> me = Consumer.from(this.reading.group(), this.reading.consumer());
		boolean ownPending = true;
		long nextClaim = 0;
		while (this.running) {
			try {
				RedisCommands<String, String> commands = this.connection.open().sync();
				if (this.groupMissing) {
					ConsumerGroupHealing.createAgain(commands, this.reading.stream(), this.reading.group(),
							this.lastAcknowledged);
					this.groupMissing = false;
				}
				if (ownPending) {
					List<StreamMessage<String, String>> pending = commands.xreadgroup(me,
							XReadArgs.Builder.count(this.reading.count()),
							XReadArgs.StreamOffset.from(this.reading.stream(), "0"));
					ownPending = !pending.isEmpty();
					handle(commands, pending);
				}
				else {
					if (System.nanoTime() - nextClaim >= 0) {
						claim(commands, me);
						nextClaim = System.nanoTime() + this.reading.claimIdle().toNanos();
					}
					handle(commands,
							commands.xreadgroup(me,
									XReadArgs.Builder.count(this.reading.count()).block(this.reading.block()),
									XReadArgs.StreamOffset.lastConsumed(this.reading.stream())));
				}
				if (this.health.succeeded()) {
					log.info("Reading {} resumed", this.reading.stream());
				}
			}
			catch (RuntimeException ex) {
				if (!this.running) {
					break;
				}
				ownPending = true;
				if (ConsumerGroupHealing.isGroupMissing(ex)) {
					if (!this.groupMissing) {
						log.warn("Consumer group {} of {} is missing: creating it again", this.reading.group(),
								this.reading.stream());
					}
					this.health.failed(ex);
					this.groupMissing = true;
					continue;
				}
				if (!this.health.failing()) {
					log.warn("Reading {} failed, retrying every {}: {}", this.reading.stream(), RETRY, ex.toString());
				}
				this.health.failed(ex);
				RedialledConnection.pause(RETRY);
			}
		}
	}

	private void claim(RedisCommands<String, String> commands, Consumer<String> me) {
		String cursor = "0-0";
		do {
			ClaimedMessages<String, String> claimed = commands.xautoclaim(this.reading.stream(),
					XAutoClaimArgs.Builder.xautoclaim(me, this.reading.claimIdle(), cursor)
						.count(this.reading.count()));
			handle(commands, claimed.getMessages());
			cursor = claimed.getId();
		}
		while (this.running && !"0-0".equals(cursor));
	}

	private void handle(RedisCommands<String, String> commands, List<StreamMessage<String, String>> read) {
		if (read.isEmpty()) {
			return;
		}
		this.entries.handle(read);
		String[] ids = read.stream().map(StreamMessage::getId).toArray(String[]::new);
		commands.xack(this.reading.stream(), this.reading.group(), ids);
		this.lastAcknowledged = ConsumerGroupHealing.newer(this.lastAcknowledged, ids[ids.length - 1]);
	}

	public synchronized void start() {
		if (this.running) {
			return;
		}
		this.running = true;
		this.thread = new Thread(this::consume, "consumer-" + this.reading.stream());
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/** Stops after the read in flight and closes the connection. */
	public synchronized void stop() {
		this.running = false;
		if (this.thread != null) {
			try {
				this.thread.join(this.reading.block().toMillis() + 5000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.thread = null;
		}
		this.connection.close();
	}

	public boolean isRunning() {
		return this.running;
	}

	/** The last round's outcome, for a health component. */
	public LoopHealth health() {
		return this.health;
	}

}
