package io.sonde.ingest.internal;

import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.ingest.IngestStatistics;

/** The ingest's counters; written by the ingest thread, read by anyone. */
final class IngestCounters implements IngestStatistics {

	private final AtomicLong read = new AtomicLong();

	private final AtomicLong stored = new AtomicLong();

	private final AtomicLong claimed = new AtomicLong();

	private final Map<DeadLetterReason, AtomicLong> dead = new EnumMap<>(DeadLetterReason.class);

	private volatile String lastError;

	private volatile Instant lastErrorAt;

	IngestCounters() {
		for (DeadLetterReason reason : DeadLetterReason.values()) {
			this.dead.put(reason, new AtomicLong());
		}
	}

	void read(long count) {
		this.read.addAndGet(count);
	}

	void stored(int count) {
		this.stored.addAndGet(count);
	}

	void claimed(int count) {
		this.claimed.addAndGet(count);
	}

	void deadLettered(DeadLetterReason reason) {
		this.dead.get(reason).incrementAndGet();
	}

	void failed(String error) {
		this.lastErrorAt = Instant.now();
		this.lastError = error;
	}

	@Override
	public long read() {
		return this.read.get();
	}

	@Override
	public long stored() {
		return this.stored.get();
	}

	@Override
	public Map<String, Long> deadLettered() {
		Map<String, Long> counts = new LinkedHashMap<>();
		this.dead.forEach((reason, count) -> counts.put(reason.wireName(), count.get()));
		return counts;
	}

	@Override
	public long claimed() {
		return this.claimed.get();
	}

	@Override
	public String lastError() {
		return this.lastError;
	}

	@Override
	public Instant lastErrorAt() {
		return this.lastErrorAt;
	}

}
