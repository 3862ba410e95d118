-- The event log (telemetry-pipeline issue): every TelemetryEvent, whatever its source, one row
-- each. Written as InfluxDB line protocol: source, kind and metric are tags (SYMBOL), the rest
-- typed fields; a field left out is NULL. ts is when the source detected the event.
-- DEDUP UPSERT KEYS(ts, origin): origin is unique per event and stable across redeliveries
-- (xdp/<node>/<ifname>/<run>/<seq>), so an entry delivered twice overwrites itself.
CREATE TABLE IF NOT EXISTS events (
  ts TIMESTAMP,
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
  -- EventFlow.toString(), for the flow filter (substring match)
  flow VARCHAR,
  -- the path's switch ids as ",11,12,13," so a switch filter can match ",12,"
  path VARCHAR,
  report_node LONG,
  report_seq LONG,
  report_hw_id LONG
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, origin);
