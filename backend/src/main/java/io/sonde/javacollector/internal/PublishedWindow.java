package io.sonde.javacollector.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries Redis acknowledged in the last {@code retain-window}, oldest first, with
 * the ids it gave them, at most {@code retain-bytes} of them: what a Redis that lost
 * acknowledged writes (appendfsync everysec: up to ~1 s, 2 when fsync is slow) may lack,
 * kept to be published again ({@link StreamRecovery}). Entries age out only when Redis
 * has just answered: while it is away, what it acknowledged last is what it may forget.
 */
final class PublishedWindow {

	private final long windowMillis;

	private final long maxBytes;

	private final ArrayDeque<PublishedEntry> entries = new ArrayDeque<>();

	private long bytes;

	private long events;

	private long overflow;

	PublishedWindow(Duration window, long maxBytes) {
		this.windowMillis = window.toMillis();
		this.maxBytes = maxBytes;
	}

	/** Whether anything is kept at all ({@code retain-window} above 0). */
	boolean enabled() {
		return this.windowMillis > 0;
	}

	/**
	 * Keeps an acknowledged entry; the oldest leave while the bytes exceed the bound,
	 * counted as overflow when their window had not passed. An entry larger than the
	 * bound alone is not kept (overflow).
	 */
	synchronized void add(PublishedEntry entry, long nowMillis) {
		if (!enabled()) {
			return;
		}
		long size = entry.bytes();
		if (size > this.maxBytes) {
			this.overflow++;
			return;
		}
		while (!this.entries.isEmpty() && this.bytes + size > this.maxBytes) {
			if (this.entries.peekFirst().ackedMillis() + this.windowMillis > nowMillis) {
				this.overflow++;
			}
			removeOldest();
		}
		this.entries.addLast(entry);
		this.bytes += size;
		this.events += entry.count();
	}

	/** Forgets what was acknowledged before {@code nowMillis - window}. */
	synchronized void expire(long nowMillis) {
		while (!this.entries.isEmpty() && this.entries.peekFirst().ackedMillis() + this.windowMillis < nowMillis) {
			removeOldest();
		}
	}

	private void removeOldest() {
		PublishedEntry oldest = this.entries.pollFirst();
		this.bytes -= oldest.bytes();
		this.events -= oldest.count();
	}

	/** The entries kept now, oldest first. */
	synchronized List<PublishedEntry> entries() {
		return new ArrayList<>(this.entries);
	}

	synchronized int size() {
		return this.entries.size();
	}

	/** Events in the entries kept now. */
	synchronized long events() {
		return this.events;
	}

	synchronized long bytes() {
		return this.bytes;
	}

	/** Entries the byte bound pushed out before their window had passed. */
	synchronized long overflow() {
		return this.overflow;
	}

}
