package io.sonde.agents.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.sonde.core.LoopHealth;
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import io.sonde.ingest.GroupConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * The agents' three streams, each read by a {@link GroupConsumer} in the group
 * {@code backend}: events appended to the event log, flow records and histograms written
 * to their tables. Delivery is at least once; the event log deduplicates on the origin,
 * the tables on theirs, so a redelivered or re-published entry is stored once. A line or
 * entry that breaks the contract is logged and skipped, the rest stored.
 */
class AgentStreamsIngest implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(AgentStreamsIngest.class);

	private final List<GroupConsumer> consumers = new ArrayList<>();

	private final EventLog eventLog;

	private final StoredAgentFlows flows;

	private volatile boolean running;

	AgentStreamsIngest(RedisClient redis, EventLog eventLog, StoredAgentFlows flows, AgentsProperties properties,
			String consumerName, Clock clock) {
		this.eventLog = eventLog;
		this.flows = flows;
		this.consumers.add(consumer(redis, properties, properties.eventsStream(), consumerName, this::events, clock));
		this.consumers
			.add(consumer(redis, properties, properties.flowsStream(), consumerName, this::flowRecords, clock));
		this.consumers
			.add(consumer(redis, properties, properties.histogramsStream(), consumerName, this::histograms, clock));
	}

	private static GroupConsumer consumer(RedisClient redis, AgentsProperties properties, String stream,
			String consumerName, GroupConsumer.Entries entries, Clock clock) {
		return new GroupConsumer(redis, new GroupConsumer.Reading(stream, properties.group(), consumerName,
				properties.batch(), properties.block(), properties.claimIdle()), entries, clock);
	}

	private void events(List<StreamMessage<String, String>> entries) {
		List<TelemetryEvent> events = new ArrayList<>();
		eachLine(entries, "events", (entry, line) -> events.add(AgentEventLines.event(entry, line)));
		if (!events.isEmpty()) {
			this.eventLog.append(events);
		}
	}

	private void flowRecords(List<StreamMessage<String, String>> entries) {
		AgentRows rows = new AgentRows();
		eachLine(entries, "records", rows::flowRecord);
		this.flows.write(rows);
	}

	private void histograms(List<StreamMessage<String, String>> entries) {
		AgentRows rows = new AgentRows();
		for (StreamMessage<String, String> message : entries) {
			try {
				rows.histogram(AgentEntry.of(message.getBody()), message.getBody());
			}
			catch (AgentEntry.MalformedAgentEntry ex) {
				log.warn("Skipping histogram entry {}: {}", message.getId(), ex.getMessage());
			}
		}
		this.flows.write(rows);
	}

	private static void eachLine(List<StreamMessage<String, String>> entries, String field,
			BiConsumer<AgentEntry, Map<String, String>> line) {
		for (StreamMessage<String, String> message : entries) {
			AgentEntry entry;
			List<Map<String, String>> lines;
			try {
				entry = AgentEntry.of(message.getBody());
				lines = AgentEntry.lines(message.getBody(), field);
			}
			catch (AgentEntry.MalformedAgentEntry ex) {
				log.warn("Skipping entry {}: {}", message.getId(), ex.getMessage());
				continue;
			}
			for (Map<String, String> each : lines) {
				try {
					line.accept(entry, each);
				}
				catch (AgentEntry.MalformedAgentEntry ex) {
					log.warn("Skipping a line of entry {}: {}", message.getId(), ex.getMessage());
				}
			}
		}
	}

	/** Each stream's consumer's last round. */
	List<LoopHealth> health() {
		return this.consumers.stream().map(GroupConsumer::health).toList();
	}

	@Override
	public synchronized void start() {
		this.consumers.forEach(GroupConsumer::start);
		this.running = true;
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		this.consumers.forEach(GroupConsumer::stop);
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
