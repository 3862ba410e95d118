-- The event log keeps the detection time in nanoseconds, as collectors stamp it (TIMESTAMP_NS,
-- QuestDB 9.1 and later). With microseconds, a collector's events that fell in one microsecond
-- made a batch start on the table's newest timestamp, and DEDUP UPSERT KEYS(ts, origin) turned
-- each such commit into a merge of the last partition: splits, then squashes that rewrote the
-- day's partition, and on a disk mounted with `discard` writers blocked for seconds
-- (docs/BENCHMARKS.md, ingest, 26 Nov 2026). QuestDB cannot change a designated timestamp's
-- type, so the table is copied (microseconds become nanoseconds) and renamed. The migration
-- runner waits for every WAL table to be applied first, so the copy misses no committed row.
CREATE TABLE IF NOT EXISTS events_ns (
  ts TIMESTAMP_NS,
  origin VARCHAR,
  source SYMBOL CAPACITY 1024 CACHE,
  kind SYMBOL CAPACITY 16 CACHE,
  metric SYMBOL CAPACITY 256 CACHE,
  event_key VARCHAR,
  value DOUBLE,
  previous DOUBLE,
  switch_id LONG,
  queue_id LONG,
  port LONG,
  src_ip VARCHAR,
  dst_ip VARCHAR,
  src_port LONG,
  dst_port LONG,
  protocol LONG,
  flow VARCHAR,
  path VARCHAR,
  report_node LONG,
  report_seq LONG,
  report_hw_id LONG
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, origin);
INSERT INTO events_ns SELECT * FROM events;
DROP TABLE events;
RENAME TABLE events_ns TO events;
