-- Time-series tables of Sonde. Written as InfluxDB line protocol (tags -> SYMBOL columns,
-- fields -> typed columns); the designated timestamp of every table is ts.
-- WAL tables partitioned by day; DEDUP UPSERT KEYS make a re-sent batch (at-least-once delivery
-- from Redis Streams) overwrite its own rows instead of doubling them.

-- Per-hop INT metadata as reported by sinks (INT-MD / Telemetry Report), one row per hop.
CREATE TABLE IF NOT EXISTS int_hop_metrics (
  ts TIMESTAMP,
  switch_id SYMBOL CAPACITY 4096 CACHE,
  flow SYMBOL CAPACITY 65536 NOCACHE,
  ingress_port LONG,
  egress_port LONG,
  hop_latency_ns LONG,
  queue_id LONG,
  queue_occupancy LONG,
  egress_tx_util LONG,
  buffer_occupancy LONG
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, switch_id, flow);

-- Per switch port counters and utilisation, read over P4Runtime or reported by agents.
CREATE TABLE IF NOT EXISTS port_metrics (
  ts TIMESTAMP,
  switch_id SYMBOL CAPACITY 4096 CACHE,
  port SYMBOL CAPACITY 65536 CACHE,
  rx_packets LONG,
  tx_packets LONG,
  rx_bytes LONG,
  tx_bytes LONG,
  drops LONG,
  tx_utilization DOUBLE,
  queue_occupancy LONG
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, switch_id, port);

-- Telemetry events detected by the collectors (INTCollector semantics) and by NIC agents.
CREATE TABLE IF NOT EXISTS telemetry_events (
  ts TIMESTAMP,
  source SYMBOL CAPACITY 256 CACHE,
  kind SYMBOL CAPACITY 256 CACHE,
  switch_id SYMBOL CAPACITY 4096 CACHE,
  flow SYMBOL CAPACITY 65536 NOCACHE,
  value DOUBLE,
  previous DOUBLE
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, source, kind, switch_id, flow);

-- Health counters of each collector and agent: what arrived, what was malformed, what it emitted.
CREATE TABLE IF NOT EXISTS collector_stats (
  ts TIMESTAMP,
  collector SYMBOL CAPACITY 1024 CACHE,
  packets LONG,
  malformed LONG,
  events LONG,
  dropped LONG
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, collector);
