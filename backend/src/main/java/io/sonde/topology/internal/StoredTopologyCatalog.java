package io.sonde.topology.internal;

import java.time.Clock;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.sonde.topology.ImportedTopology;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyImported;
import io.sonde.topology.TopologyNotStored;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * The catalog: Redis holds the topology across restarts, memory serves reads. The stored
 * topology is read on first use and, while Redis cannot be read, again on each later use,
 * so a backend that started before Redis still finds it.
 */
@Service
class StoredTopologyCatalog implements TopologyCatalog {

	private static final Logger logger = LoggerFactory.getLogger(StoredTopologyCatalog.class);

	private final RedisTopologyStore store;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final TopologyDocumentReader reader = new TopologyDocumentReader();

	private final TopologyDocumentWriter writer = new TopologyDocumentWriter();

	// Guarded by this.
	private ImportedTopology current;

	private boolean loaded;

	private boolean redisAwayLogged;

	StoredTopologyCatalog(RedisTopologyStore store, ApplicationEventPublisher events, Clock clock) {
		this.store = store;
		this.events = events;
		this.clock = clock;
	}

	@Override
	public synchronized Optional<ImportedTopology> current() {
		if (!this.loaded) {
			loadStored();
		}
		return Optional.ofNullable(this.current);
	}

	@Override
	public String document(Topology topology) {
		return this.writer.write(topology);
	}

	@Override
	public ImportedTopology importDocument(String document, String source) {
		return importDocument(document, source, true);
	}

	/**
	 * @param mustBeStored false for the start-up file: it is imported again at every
	 * start, so Redis being away must not keep the service from using it
	 */
	ImportedTopology importDocument(String document, String source, boolean mustBeStored) {
		Topology topology = this.reader.read(document);
		ImportedTopology imported = new ImportedTopology(topology, source, this.clock.instant());
		synchronized (this) {
			try {
				this.store.save(imported);
			}
			catch (TopologyNotStored ex) {
				if (mustBeStored) {
					throw ex;
				}
				logger.warn("Using topology '{}' from {} without storing it: {}", topology.name(), source,
						ex.getMessage());
			}
			this.current = imported;
			this.loaded = true;
			logger.info("Imported topology '{}' from {}: {} switches, {} hosts, {} links", topology.name(), source,
					topology.switches().size(), topology.hosts().size(), topology.links().size());
			// Published under the lock, so two imports at once are announced in the order
			// they became current.
			this.events.publishEvent(new TopologyImported(imported));
		}
		return imported;
	}

	private void loadStored() {
		try {
			this.current = this.store.load().orElse(null);
			this.loaded = true;
			if (this.current != null) {
				logger.info("Topology '{}' (imported {} from {}) read from Redis", this.current.topology().name(),
						this.current.importedAt(), this.current.source());
			}
		}
		catch (StoredTopologyUnreadable ex) {
			this.loaded = true;
			logger.error("Ignoring the stored topology; import one again: {}", ex.getMessage());
		}
		catch (TopologyNotStored ex) {
			// Read again on the next use; said once, not at every probe round.
			if (!this.redisAwayLogged) {
				this.redisAwayLogged = true;
				logger.warn("No topology until Redis answers: {}", ex.getMessage());
			}
		}
	}

}
