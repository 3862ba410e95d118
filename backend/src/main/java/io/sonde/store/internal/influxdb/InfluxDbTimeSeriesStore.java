package io.sonde.store.internal.influxdb;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.influxdb.client.domain.HealthCheck;
import com.influxdb.exceptions.BadRequestException;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import io.sonde.store.MetricPoint;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesUnavailable;
import io.sonde.store.internal.TimeSeriesBackend;

/**
 * InfluxDB 2.x, the production alternative: the same line-protocol writes, reads in Flux.
 * The bucket must exist; InfluxDB has no table schema to migrate.
 */
public class InfluxDbTimeSeriesStore implements TimeSeriesBackend {

	private final String name;

	private final String bucket;

	private final String org;

	private final LineProtocolWriter writer;

	public InfluxDbTimeSeriesStore(String url, String token, String org, String bucket, Duration timeout) {
		this.name = "InfluxDB at " + url + " (bucket " + bucket + ")";
		this.bucket = bucket;
		this.org = org;
		this.writer = new LineProtocolWriter(this.name, url, token, org, bucket, timeout);
	}

	@Override
	public void write(List<MetricPoint> points) {
		this.writer.write(points);
	}

	@Override
	public void writeLineProtocol(String lines) {
		this.writer.writeLines(lines);
	}

	@Override
	public List<Sample> read(SeriesQuery query) {
		StringBuilder flux = new StringBuilder();
		flux.append("from(bucket: ").append(literal(this.bucket)).append(")\n");
		flux.append("  |> range(start: time(v: ")
			.append(literal(query.from().toString()))
			.append("), stop: time(v: ")
			.append(literal(query.to().toString()))
			.append("))\n");
		flux.append("  |> filter(fn: (r) => r._measurement == ")
			.append(literal(query.measurement()))
			.append(" and r._field == ")
			.append(literal(query.field()));
		query.tags().forEach((tag, value) -> flux.append(" and r.").append(tag).append(" == ").append(literal(value)));
		flux.append(")\n  |> sort(columns: [\"_time\"])");
		try {
			List<Sample> samples = new ArrayList<>();
			for (FluxTable table : this.writer.client().getQueryApi().query(flux.toString(), this.org)) {
				for (FluxRecord record : table.getRecords()) {
					samples.add(new Sample(record.getTime(), ((Number) record.getValue()).doubleValue()));
				}
			}
			samples.sort((a, b) -> a.time().compareTo(b.time()));
			return samples;
		}
		catch (BadRequestException ex) {
			throw new TimeSeriesRejected(this.name, ex.getMessage(), ex);
		}
		catch (InfluxException ex) {
			throw new TimeSeriesUnavailable(this.name, "query failed: " + ex.getMessage(), ex);
		}
	}

	/**
	 * A Flux string literal: only backslash, double quote and interpolation need
	 * escaping.
	 */
	static String literal(String value) {
		return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "\\${") + "\"";
	}

	@Override
	public Map<String, Object> check() {
		HealthCheck health = this.writer.influxHealth();
		if (health.getStatus() != HealthCheck.StatusEnum.PASS) {
			throw new TimeSeriesUnavailable(this.name, "health " + health.getStatus() + ": " + health.getMessage(),
					null);
		}
		return Map.of("store", "influxdb2", "location", this.name, "version", String.valueOf(health.getVersion()));
	}

	@Override
	public String describe() {
		return this.name;
	}

	@Override
	public void close() {
		this.writer.close();
	}

}
