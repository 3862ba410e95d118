package io.sonde.store.internal.questdb;

import java.util.List;
import java.util.Map;

/** Plain SQL against QuestDB, for schema migrations and their bookkeeping. */
public interface SqlExecutor {

	void execute(String sql);

	void update(String sql, Object... parameters);

	List<Map<String, Object>> query(String sql, Object... parameters);

}
