package io.sonde.e2e.soak;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The backend's event log, read where it is kept: the embedded QuestDB's {@code events}
 * table over its PostgreSQL wire. While the backend is down, nothing answers.
 */
final class EventLogReader {

	private final String url;

	EventLogReader(int pgPort) {
		this.url = "jdbc:postgresql://127.0.0.1:" + pgPort + "/qdb?sslmode=disable";
	}

	/**
	 * Whether the event of this origin is stored; false while the store does not answer.
	 */
	boolean holds(String origin) {
		try (Connection connection = connect();
				PreparedStatement query = connection.prepareStatement("SELECT count() FROM events WHERE origin = ?")) {
			query.setString(1, origin);
			try (ResultSet rows = query.executeQuery()) {
				return rows.next() && rows.getLong(1) > 0;
			}
		}
		catch (SQLException ex) {
			return false;
		}
	}

	/** How many rows the log holds of each origin. */
	Map<String, Long> rowsByOrigin() throws SQLException {
		Map<String, Long> rows = new HashMap<>();
		try (Connection connection = connect();
				PreparedStatement query = connection
					.prepareStatement("SELECT origin, count() FROM events GROUP BY origin");
				ResultSet result = query.executeQuery()) {
			while (result.next()) {
				rows.put(result.getString(1), result.getLong(2));
			}
		}
		return rows;
	}

	long rows() throws SQLException {
		try (Connection connection = connect();
				PreparedStatement query = connection.prepareStatement("SELECT count() FROM events");
				ResultSet result = query.executeQuery()) {
			result.next();
			return result.getLong(1);
		}
	}

	private Connection connect() throws SQLException {
		return DriverManager.getConnection(this.url, "admin", "quest");
	}

}
