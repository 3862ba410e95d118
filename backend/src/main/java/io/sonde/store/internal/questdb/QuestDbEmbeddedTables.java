package io.sonde.store.internal.questdb;

import io.questdb.cairo.CairoEngine;
import io.questdb.cairo.CairoError;
import io.questdb.cairo.CairoException;
import io.questdb.cairo.TableToken;
import io.sonde.store.TimeSeriesUnavailable;
import io.sonde.store.questdb.EmbeddedTables;
import io.sonde.store.questdb.TableBatch;

/**
 * {@link EmbeddedTables} on the engine of {@link EmbeddedQuestDb}: a batch takes a
 * write-ahead-log writer of the table from QuestDB's pool (each thread its own, so
 * consumers write in parallel as HTTP requests did) and gives it back on close.
 */
public class QuestDbEmbeddedTables implements EmbeddedTables {

	private final EmbeddedQuestDb questDb;

	public QuestDbEmbeddedTables(EmbeddedQuestDb questDb) {
		this.questDb = questDb;
	}

	@Override
	public TableBatch begin(String table) {
		String name = "embedded QuestDB";
		try {
			CairoEngine engine = this.questDb.engine();
			TableToken token = engine.getTableTokenIfExists(table);
			if (token == null || !token.isWal()) {
				throw new TimeSeriesUnavailable(name,
						"no WAL table '" + table + "' (schema migrations not applied yet?)", null);
			}
			return new QuestDbTableBatch(name, engine.getWalWriter(token));
		}
		catch (CairoException | CairoError ex) {
			throw new TimeSeriesUnavailable(name, "cannot open table '" + table + "': " + ex.getMessage(), ex);
		}
		catch (IllegalStateException ex) {
			// Not running: stopped, or stopping with the application.
			throw new TimeSeriesUnavailable(name, ex.getMessage(), ex);
		}
	}

}
