package io.sonde.store.internal.influxdb;

import java.time.Duration;
import java.util.List;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.client.domain.HealthCheck;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.exceptions.BadRequestException;
import com.influxdb.exceptions.InfluxException;
import io.sonde.store.MetricPoint;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesUnavailable;
import okhttp3.OkHttpClient;

/**
 * The write path shared by every store: influxdb-client-java sending InfluxDB line
 * protocol to /api/v2/write, which both InfluxDB 2.x and QuestDB accept. Blocking writes,
 * so a caller knows its batch was accepted; the client batches nothing behind our back.
 */
public final class LineProtocolWriter implements AutoCloseable {

	private final String storeName;

	private final InfluxDBClient client;

	public LineProtocolWriter(String storeName, String url, String token, String org, String bucket, Duration timeout) {
		this.storeName = storeName;
		OkHttpClient.Builder http = new OkHttpClient.Builder().connectTimeout(timeout)
			.readTimeout(timeout)
			.writeTimeout(timeout)
			.retryOnConnectionFailure(false);
		InfluxDBClientOptions options = InfluxDBClientOptions.builder()
			.url(url)
			// QuestDB without authentication ignores the token; InfluxDB
			// 2.x requires one.
			.authenticateToken((token.isEmpty() ? "unused" : token).toCharArray())
			.org(org)
			.bucket(bucket)
			.okHttpClient(http)
			.build();
		this.client = InfluxDBClientFactory.create(options);
	}

	public void write(List<MetricPoint> points) {
		if (points.isEmpty()) {
			return;
		}
		String lines = LineProtocol.of(points);
		if (lines.isEmpty()) {
			return;
		}
		try {
			this.client.getWriteApiBlocking().writeRecord(WritePrecision.NS, lines);
		}
		catch (BadRequestException ex) {
			throw new TimeSeriesRejected(this.storeName, ex.getMessage(), ex);
		}
		catch (InfluxException ex) {
			throw new TimeSeriesUnavailable(this.storeName, "write failed: " + ex.getMessage(), ex);
		}
	}

	/** Rows already in line protocol (ns timestamps), sent as they are. */
	public void writeLines(String lines) {
		if (lines.isEmpty()) {
			return;
		}
		try {
			this.client.getWriteApiBlocking().writeRecord(WritePrecision.NS, lines);
		}
		catch (BadRequestException ex) {
			throw new TimeSeriesRejected(this.storeName, ex.getMessage(), ex);
		}
		catch (InfluxException ex) {
			throw new TimeSeriesUnavailable(this.storeName, "write failed: " + ex.getMessage(), ex);
		}
	}

	/** True when the store's HTTP endpoint answers its ping. */
	public boolean ping() {
		return Boolean.TRUE.equals(this.client.ping());
	}

	/** The InfluxDB 2.x /health check (QuestDB has no such endpoint). */
	public HealthCheck influxHealth() {
		return this.client.health();
	}

	InfluxDBClient client() {
		return this.client;
	}

	@Override
	public void close() {
		this.client.close();
	}

}
