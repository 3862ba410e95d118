package io.sonde.store.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.timeseries.*}: which time-series store the service writes to and where it
 * is.
 *
 * @param kind {@code questdb} (default; embedded in this JVM unless
 * {@code questdb.embedded} is false) or {@code influxdb2}
 * @param writeTimeout how long one write or query may take before the store counts as
 * unavailable
 */
@ConfigurationProperties("sonde.timeseries")
public record TimeSeriesProperties(@DefaultValue("questdb") Kind kind, @DefaultValue("10s") Duration writeTimeout,
		@DefaultValue QuestDb questdb, @DefaultValue InfluxDb influxdb) {

	public enum Kind {

		QUESTDB, INFLUXDB2

	}

	/**
	 * @param embedded start QuestDB inside this JVM (the default) or use one running
	 * elsewhere
	 * @param dataDir QuestDB's root directory when embedded
	 * @param host where QuestDB listens (embedded: the address it binds)
	 * @param httpPort HTTP port: /api/v2/write (line protocol) and /exec; 0 picks a free
	 * port
	 * @param pgPort PostgreSQL wire port used for reads; 0 picks a free port
	 * @param server further server.conf properties of the embedded QuestDB, by their
	 * QuestDB names ({@code cairo.o3.partition.split.min.size: 1048576}); they replace
	 * Sonde's defaults of the same name
	 */
	public record QuestDb(@DefaultValue("true") boolean embedded, @DefaultValue("data/questdb") Path dataDir,
			@DefaultValue("127.0.0.1") String host, @DefaultValue("9000") int httpPort,
			@DefaultValue("8812") int pgPort, @DefaultValue("admin") String username,
			@DefaultValue("quest") String password, @DefaultValue("2") int workerCount, Map<String, String> server) {

		public QuestDb {
			server = (server != null) ? Map.copyOf(server) : Map.of();
		}

	}

	/**
	 * An InfluxDB 2.x server: its URL, an API token with write+read on the bucket, org,
	 * bucket.
	 */
	public record InfluxDb(@DefaultValue("http://127.0.0.1:8086") String url, @DefaultValue("") String token,
			@DefaultValue("sonde") String org, @DefaultValue("sonde") String bucket) {
	}

}
