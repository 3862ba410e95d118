package io.sonde.javacollector.internal;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Re-publishes what Redis forgot, as the XDP daemon does
 * (xdp-collector/REDIS_CONTRACT.md, "Re-publishing"; docs/ARCHITECTURE.md). Before each
 * pipeline of new entries one round trip asks for Redis's {@code run_id} and whether the
 * witness key and the events stream exist. A failed command (the connection may have
 * broken), a new {@code run_id}, the witness gone (FLUSHALL, FLUSHDB, a restart that kept
 * nothing) or the stream gone mean Redis may have lost writes it had acknowledged: the
 * entries of the {@link PublishedWindow} are then looked up by id in the stream, in
 * Redis, and those it lacks are published again in their order with their fields, under
 * their old id while the stream's top is below it, else a new one. Only then do new
 * entries go. Not "everything after the stream's top": another collector may already have
 * written newer entries to the restarted stream. Runs on the publisher's thread only.
 */
final class StreamRecovery {

	private static final Logger log = LoggerFactory.getLogger(StreamRecovery.class);

	/**
	 * KEYS[1] the stream; ARGV[1] '1' when it was emptied or recreated; ARGV[2..] entry
	 * ids. One character an id: '1' the stream holds it, '0' it lacks it, '2' it lacks it
	 * and its first entry is newer: its cap (MAXLEN) trimmed past it, which re-publishing
	 * would not undo (asked only when the stream was not emptied). The daemon's CHECK.
	 */
	static final RedisScript<String> CHECK = RedisScript.of("""
			local function below(a, b)
			  local am, as = string.match(a, '^(%d+)-(%d+)$')
			  local bm, bs = string.match(b, '^(%d+)-(%d+)$')
			  am, as, bm, bs = tonumber(am), tonumber(as), tonumber(bm), tonumber(bs)
			  return am < bm or (am == bm and as < bs)
			end
			local first = nil
			if ARGV[1] == '0' then
			  local e = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)
			  if #e > 0 then first = e[1][1] end
			end
			local out = {}
			for i = 2, #ARGV do
			  if #redis.call('XRANGE', KEYS[1], ARGV[i], ARGV[i]) > 0 then
			    out[#out + 1] = '1'
			  elseif first and below(ARGV[i], first) then
			    out[#out + 1] = '2'
			  else
			    out[#out + 1] = '0'
			  end
			end
			return table.concat(out)
			""", String.class);

	/**
	 * KEYS[1] the stream; ARGV[1] MAXLEN ~; ARGV[2] the entry's old id; ARGV[3..] its
	 * fields. Its old id when the stream's top is below it, else a new one; the id it
	 * got. The daemon's REPUBLISH.
	 */
	static final RedisScript<String> REPUBLISH = RedisScript.of("""
			local r = redis.pcall('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], ARGV[2], unpack(ARGV, 3))
			if type(r) == 'table' and r.err then
			  return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', unpack(ARGV, 3))
			end
			return r
			""", String.class);

	/** Ids a check asks about at once: a script blocks Redis while it runs. */
	private static final int CHECK_IDS = 1000;

	private final StringRedisTemplate redis;

	private final String stream;

	private final String witness;

	private final String maxlen;

	private final PublishedWindow window;

	private final PublishedLog publishedLog;

	private final Clock clock;

	private String runId;

	private boolean witnessSet;

	private boolean streamWritten;

	private boolean suspect;

	private boolean emptied;

	// Written by the publisher's thread only, read by the counters' thread.
	private volatile long checks;

	private volatile long republished;

	private volatile long republishedEntries;

	StreamRecovery(StringRedisTemplate redis, String stream, String witness, long maxlen, PublishedWindow window,
			PublishedLog publishedLog, Clock clock) {
		this.redis = redis;
		this.stream = stream;
		this.witness = witness;
		this.maxlen = Long.toString(maxlen);
		this.window = window;
		this.publishedLog = publishedLog;
		this.clock = clock;
	}

	/** A command failed: the connection may have broken, so check once Redis answers. */
	void suspect() {
		this.suspect = true;
	}

	/** An entry of ours is in the stream: its disappearance is now a loss. */
	void streamWritten() {
		this.streamWritten = true;
	}

	/**
	 * Probes Redis and re-publishes what it lacks, before new entries go.
	 * @param run the {@code run} of the entries about to go, the witness key's value
	 * @throws org.springframework.dao.DataAccessException when Redis fails meanwhile (the
	 * caller retries; what is left to check is checked then)
	 */
	void beforePublishing(String run) {
		if (!this.window.enabled()) {
			return;
		}
		List<Object> probe = this.redis.executePipelined((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().info("server");
			connection.keyCommands().exists(bytes(this.witness));
			connection.keyCommands().exists(bytes(this.stream));
			return null;
		});
		String probedRunId = (probe.get(0) instanceof Properties info) ? info.getProperty("run_id") : null;
		boolean witnessExists = !Boolean.FALSE.equals(probe.get(1));
		boolean streamExists = !Boolean.FALSE.equals(probe.get(2));
		if (probedRunId != null && this.runId != null && !probedRunId.equals(this.runId)) {
			log.warn("udp collector: redis restarted (run_id {})", probedRunId);
			this.suspect = true;
		}
		if (probedRunId != null) {
			this.runId = probedRunId;
		}
		if ((!witnessExists && this.witnessSet) || (!streamExists && this.streamWritten)) {
			log.warn("udp collector: redis lost the {}", witnessExists ? "events stream" : "witness key");
			this.suspect = true;
			this.emptied = true;
		}
		if (this.suspect) {
			if (this.window.size() > 0) {
				recover();
			}
			this.suspect = false;
			this.emptied = false;
		}
		if (!witnessExists) {
			this.redis.opsForValue().set(this.witness, run);
		}
		this.witnessSet = true;
		this.window.expire(this.clock.millis());
	}

	private void recover() {
		List<PublishedEntry> kept = this.window.entries();
		this.checks++;
		char[] status = check(kept);
		int missing = 0;
		long before = this.republishedEntries;
		for (int i = 0; i < kept.size(); i++) {
			if (status[i] == '0') {
				missing++;
				republish(kept.get(i));
			}
		}
		log.warn("udp collector: checked {} entries published in the last {} ms: {} missing, {} re-published",
				kept.size(), this.clock.millis() - kept.get(0).ackedMillis(), missing,
				this.republishedEntries - before);
	}

	/** One character per kept entry; all '0' when Redis cannot say. */
	private char[] check(List<PublishedEntry> kept) {
		char[] status = new char[kept.size()];
		Arrays.fill(status, '0');
		for (int from = 0; from < kept.size(); from += CHECK_IDS) {
			List<PublishedEntry> chunk = kept.subList(from, Math.min(kept.size(), from + CHECK_IDS));
			List<Object> args = new ArrayList<>(chunk.size() + 1);
			args.add(this.emptied ? "1" : "0");
			chunk.forEach((entry) -> args.add(entry.id()));
			try {
				String answer = this.redis.execute(CHECK, List.of(this.stream), args.toArray());
				if (answer != null && answer.length() == chunk.size()) {
					answer.getChars(0, chunk.size(), status, from);
					continue;
				}
				log.warn("udp collector: cannot check the stream (answer {}): re-publishing what it may lack", answer);
			}
			catch (RedisSystemException ex) {
				if (Thread.currentThread().isInterrupted()) {
					throw ex; // stopping: not an answer
				}
				// A duplicate is dropped downstream, a loss is not.
				log.warn("udp collector: cannot check the stream ({}): re-publishing what it may lack",
						ex.getMessage());
			}
		}
		return status;
	}

	private void republish(PublishedEntry entry) {
		List<Object> args = new ArrayList<>(2 + 2 * entry.fields().size());
		args.add(this.maxlen);
		args.add(entry.id());
		for (Map.Entry<String, String> field : entry.fields().entrySet()) {
			args.add(field.getKey());
			args.add(field.getValue());
		}
		String id;
		try {
			id = this.redis.execute(REPUBLISH, List.of(this.stream), args.toArray());
		}
		catch (RedisSystemException ex) {
			if (Thread.currentThread().isInterrupted()) {
				throw ex; // stopping: not a refusal
			}
			log.warn("udp collector: redis refused to re-publish entry {}: {}", entry.id(), ex.getMessage());
			return;
		}
		// The next check looks for it under the id it has now.
		entry.republishedAs(id);
		this.republished += entry.count();
		this.republishedEntries++;
		this.publishedLog.append("republished", entry, this.clock.millis());
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/** Times Redis was checked for what it lacks after a suspected loss. */
	long checks() {
		return this.checks;
	}

	/** Events published again. */
	long republished() {
		return this.republished;
	}

	/** Entries published again. */
	long republishedEntries() {
		return this.republishedEntries;
	}

}
