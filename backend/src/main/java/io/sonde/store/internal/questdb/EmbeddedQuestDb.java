package io.sonde.store.internal.questdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.questdb.ServerMain;
import io.questdb.cairo.CairoEngine;
import io.sonde.store.internal.TimeSeriesProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * QuestDB running inside this JVM, started and stopped with the application context. It
 * binds to the configured host only, with line-protocol over TCP/UDP off (the backend
 * writes over HTTP /api/v2/write) and QuestDB's own telemetry off: this service must
 * never call out.
 */
public class EmbeddedQuestDb implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(EmbeddedQuestDb.class);

	/** QuestDB logs at INFO to stdout by default; keep only what an operator must see. */
	private static final String LOG_CONF = """
			writers=stdout
			w.stdout.class=io.questdb.log.LogConsoleWriter
			w.stdout.level=ERROR,CRITICAL
			""";

	/** {@code io.questdb.log.LogFactory.CONFIG_SYSTEM_PROPERTY}. */
	private static final String QUESTDB_LOG_CONFIG_PROPERTY = "out";

	/**
	 * The worker pools whose idle back-off Sonde sets: WAL apply, and the shared pools
	 * (network, query, write) that {@code shared.worker.*} governs.
	 */
	private static final List<String> WORKER_POOLS = List.of("wal.apply.worker", "shared.worker");

	private final TimeSeriesProperties.QuestDb settings;

	private volatile ServerMain server;

	public EmbeddedQuestDb(TimeSeriesProperties.QuestDb settings) {
		this.settings = settings;
	}

	@Override
	public synchronized void start() {
		if (this.server != null) {
			return;
		}
		Path root = this.settings.dataDir().toAbsolutePath();
		prepareRoot(root);
		ServerMain main = ServerMain.create(root.toString(), environment());
		main.start();
		this.server = main;
		log.info("Embedded QuestDB started in {} (http {}:{}, pgwire {}:{})", root, this.settings.host(), httpPort(),
				this.settings.host(), pgPort());
	}

	private Map<String, String> environment() {
		String host = this.settings.host();
		Map<String, String> environment = new HashMap<>();
		environment.put("QDB_HTTP_BIND_TO", host + ":" + this.settings.httpPort());
		environment.put("QDB_PG_NET_BIND_TO", host + ":" + this.settings.pgPort());
		environment.put("QDB_HTTP_MIN_ENABLED", "false");
		environment.put("QDB_LINE_TCP_ENABLED", "false");
		environment.put("QDB_LINE_UDP_ENABLED", "false");
		environment.put("QDB_TELEMETRY_ENABLED", "false");
		// Tables come from db-migrations only: a misspelt measurement is an error, not
		// a new table.
		environment.put("QDB_LINE_AUTO_CREATE_NEW_TABLES", "false");
		environment.put("QDB_SHARED_WORKER_COUNT", Integer.toString(this.settings.workerCount()));
		environment.put("QDB_PG_USER", this.settings.username());
		environment.put("QDB_PG_PASSWORD", this.settings.password());
		// A WAL segment rolls over at 2 MiB by default: at ingest rates that is a new
		// directory of column files per writer every few thousand rows, created, mapped,
		// applied and deleted again, and the file churn cost more kernel time than the
		// rows themselves (make bench-ingest, docs/BENCHMARKS.md). Segments of 128 MiB
		// keep at most that much WAL per writer on disk.
		environment.put(environmentName("cairo.wal.segment.rollover.size"), Long.toString(128L << 20));
		environment.put(environmentName("cairo.wal.segment.rollover.row.count"), "1000000");
		// An idle QuestDB worker spins, then calls sched_yield thousands of times before
		// it naps. Between the commits of a steady ingest that was thousands of context
		// switches a second per worker, and the yields took the cores from runnable
		// consumers (make bench-ingest, docs/BENCHMARKS.md). Nap after a short spin
		// instead: work that arrives meanwhile starts at most a millisecond later (10 ms
		// after a second of idleness, as QuestDB does by default).
		for (String pool : WORKER_POOLS) {
			environment.put(environmentName(pool + ".yield.threshold"), "10");
			environment.put(environmentName(pool + ".nap.threshold"), "20");
			environment.put(environmentName(pool + ".sleep.threshold"), "1000");
		}
		this.settings.server().forEach((name, value) -> environment.put(environmentName(name), value));
		return environment;
	}

	/** QuestDB reads {@code cairo.commit.mode} from {@code QDB_CAIRO_COMMIT_MODE}. */
	static String environmentName(String property) {
		return "QDB_" + property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
	}

	private static void prepareRoot(Path root) {
		try {
			Files.createDirectories(root.resolve("conf"));
			Path logConf = root.resolve("conf/log.conf");
			if (!Files.exists(logConf)) {
				Files.writeString(logConf, LOG_CONF);
			}
			// QuestDB's log factory is configured once per JVM from the
			// file this property names (it otherwise falls back to its
			// built-in INFO-to-stdout configuration).
			if (System.getProperty(QUESTDB_LOG_CONFIG_PROPERTY) == null) {
				System.setProperty(QUESTDB_LOG_CONFIG_PROPERTY, logConf.toString());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot prepare QuestDB data directory " + root, ex);
		}
	}

	/** The HTTP port actually bound (differs from the configured one when that was 0). */
	public int httpPort() {
		return requireStarted().getHttpServerPort();
	}

	/** The PostgreSQL wire port actually bound. */
	public int pgPort() {
		return requireStarted().getPgWireServerPort();
	}

	/** QuestDB's engine, for writing rows without a protocol (QuestDbEmbeddedTables). */
	CairoEngine engine() {
		return requireStarted().getEngine();
	}

	private ServerMain requireStarted() {
		ServerMain main = this.server;
		if (main == null) {
			throw new IllegalStateException("embedded QuestDB is not running");
		}
		return main;
	}

	@Override
	public synchronized void stop() {
		ServerMain main = this.server;
		this.server = null;
		if (main != null) {
			main.close();
			log.info("Embedded QuestDB stopped");
		}
	}

	@Override
	public boolean isRunning() {
		return this.server != null;
	}

	/** Start before the beans that write to it, stop after them. */
	@Override
	public int getPhase() {
		return Integer.MIN_VALUE + 100;
	}

}
