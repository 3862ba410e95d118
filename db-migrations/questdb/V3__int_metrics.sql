-- The metrics exporter's time series (paper Section III-E): one row per Table I metric value,
-- written at once for every event (origin = event) and for every known key every
-- sonde.metrics.push-interval (origin = push). Tags are SYMBOLs (line protocol tags);
-- metric_key is the event model's key text, stable per key, what the history API filters on.
CREATE TABLE IF NOT EXISTS int_metrics (
  ts TIMESTAMP,
  metric SYMBOL CAPACITY 64 CACHE,
  metric_key SYMBOL CAPACITY 262144 NOCACHE,
  origin SYMBOL CAPACITY 8 CACHE,
  source SYMBOL CAPACITY 256 CACHE,
  switch_id SYMBOL CAPACITY 4096 CACHE,
  queue_id SYMBOL CAPACITY 1024 CACHE,
  port SYMBOL CAPACITY 4096 CACHE,
  flow SYMBOL CAPACITY 65536 NOCACHE,
  value DOUBLE
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, metric, metric_key, origin);
