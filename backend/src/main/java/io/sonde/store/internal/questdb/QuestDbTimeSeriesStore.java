package io.sonde.store.internal.questdb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sonde.store.MetricPoint;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesUnavailable;
import io.sonde.store.internal.TimeSeriesBackend;
import io.sonde.store.internal.influxdb.LineProtocolWriter;

/**
 * QuestDB, embedded or remote: writes as line protocol over HTTP, reads as SQL over the
 * PostgreSQL wire protocol.
 */
public class QuestDbTimeSeriesStore implements TimeSeriesBackend, SqlExecutor {

	/** SQLSTATE class 08: the connection could not be made or was lost. */
	private static final String CONNECTION_EXCEPTION_CLASS = "08";

	private final String name;

	private final LineProtocolWriter writer;

	private final HikariDataSource dataSource;

	private final Map<String, String> timestampColumns = new ConcurrentHashMap<>();

	public QuestDbTimeSeriesStore(String host, int httpPort, int pgPort, String username, String password,
			Duration timeout) {
		this.name = "QuestDB at " + host + " (http " + httpPort + ", pgwire " + pgPort + ")";
		this.writer = new LineProtocolWriter(this.name, "http://" + host + ":" + httpPort, "", "sonde", "sonde",
				timeout);
		this.dataSource = dataSource(host, pgPort, username, password, timeout);
	}

	private static HikariDataSource dataSource(String host, int pgPort, String username, String password,
			Duration timeout) {
		HikariConfig config = new HikariConfig();
		config.setPoolName("questdb");
		config.setJdbcUrl("jdbc:postgresql://" + host + ":" + pgPort + "/qdb?sslmode=disable");
		config.setUsername(username);
		config.setPassword(password);
		config.setMaximumPoolSize(4);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(Math.max(250, timeout.toMillis()));
		config.setValidationTimeout(Math.max(250, Math.min(timeout.toMillis(), 5000)));
		// Start even when QuestDB is not up yet; health reports it and
		// the pool reconnects.
		config.setInitializationFailTimeout(-1);
		return new HikariDataSource(config);
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
		String timestamp = timestampColumn(query.measurement());
		StringBuilder sql = new StringBuilder("SELECT ").append(timestamp)
			.append(", ")
			.append(query.field())
			.append(" FROM ")
			.append(query.measurement())
			.append(" WHERE ")
			.append(timestamp)
			.append(" >= ? AND ")
			.append(timestamp)
			.append(" < ?");
		List<String> tagValues = new ArrayList<>();
		query.tags().forEach((tag, value) -> {
			sql.append(" AND ").append(tag).append(" = ?");
			tagValues.add(value);
		});
		sql.append(" ORDER BY ").append(timestamp);
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection.prepareStatement(sql.toString())) {
			statement.setObject(1, LocalDateTime.ofInstant(query.from(), ZoneOffset.UTC));
			statement.setObject(2, LocalDateTime.ofInstant(query.to(), ZoneOffset.UTC));
			for (int i = 0; i < tagValues.size(); i++) {
				statement.setString(3 + i, tagValues.get(i));
			}
			List<Sample> samples = new ArrayList<>();
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					LocalDateTime time = rows.getObject(1, LocalDateTime.class);
					double value = rows.getDouble(2);
					if (!rows.wasNull()) {
						// NULL: a value line protocol could not carry (NaN), not a zero
						samples.add(new Sample(time.toInstant(ZoneOffset.UTC), value));
					}
				}
			}
			return samples;
		}
		catch (SQLException ex) {
			throw translate("query " + query.measurement() + "." + query.field(), ex);
		}
	}

	/**
	 * Our tables name their designated timestamp {@code ts}; ask QuestDB rather than
	 * assume.
	 */
	private String timestampColumn(String table) {
		String known = this.timestampColumns.get(table);
		if (known != null) {
			return known;
		}
		List<Map<String, Object>> rows = query("SELECT designatedTimestamp FROM tables() WHERE table_name = ?", table);
		if (rows.isEmpty() || rows.get(0).get("designatedTimestamp") == null) {
			throw new TimeSeriesRejected(this.name, "no table '" + table + "' with a designated timestamp", null);
		}
		String column = (String) rows.get(0).get("designatedTimestamp");
		this.timestampColumns.put(table, column);
		return column;
	}

	@Override
	public void execute(String sql) {
		try (Connection connection = this.dataSource.getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw translate("statement", ex);
		}
	}

	@Override
	public void update(String sql, Object... parameters) {
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection.prepareStatement(sql)) {
			bind(statement, parameters);
			statement.executeUpdate();
		}
		catch (SQLException ex) {
			throw translate("update", ex);
		}
	}

	private static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
		for (int i = 0; i < parameters.length; i++) {
			statement.setObject(i + 1, parameters[i]);
		}
	}

	@Override
	public List<Map<String, Object>> query(String sql, Object... parameters) {
		try (Connection connection = this.dataSource.getConnection();
				PreparedStatement statement = connection.prepareStatement(sql)) {
			bind(statement, parameters);
			List<Map<String, Object>> result = new ArrayList<>();
			try (ResultSet rows = statement.executeQuery()) {
				int columns = rows.getMetaData().getColumnCount();
				while (rows.next()) {
					Map<String, Object> row = new LinkedHashMap<>();
					for (int c = 1; c <= columns; c++) {
						row.put(rows.getMetaData().getColumnLabel(c), rows.getObject(c));
					}
					result.add(row);
				}
			}
			return result;
		}
		catch (SQLException ex) {
			throw translate("query", ex);
		}
	}

	private RuntimeException translate(String what, SQLException ex) {
		String state = ex.getSQLState();
		if (state == null || state.startsWith(CONNECTION_EXCEPTION_CLASS)) {
			return new TimeSeriesUnavailable(this.name, what + " failed: " + ex.getMessage(), ex);
		}
		return new TimeSeriesRejected(this.name, what + ": " + ex.getMessage(), ex);
	}

	@Override
	public Map<String, Object> check() {
		if (!this.writer.ping()) {
			throw new TimeSeriesUnavailable(this.name, "HTTP endpoint does not answer /ping", null);
		}
		query("SELECT 1 AS ok");
		return Map.of("store", "questdb", "location", this.name);
	}

	@Override
	public boolean readsAnyColumn() {
		return true;
	}

	@Override
	public String describe() {
		return this.name;
	}

	@Override
	public void close() {
		this.writer.close();
		this.dataSource.close();
	}

}
