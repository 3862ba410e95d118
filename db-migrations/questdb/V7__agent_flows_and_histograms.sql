-- NIC agents (xdp-collector/agent/REDIS_CONTRACT.md). agent_flows: one row per flow record
-- (evicted, aged or active), at the flow's last packet; origin is agent/ifname/run/seq, so a
-- record published again overwrites its own row. hops holds the per-hop values, one hop per
-- ';', each switch,latency,latency_avg,queue,queue_avg,util,util_avg.
CREATE TABLE IF NOT EXISTS agent_flows (
  ts TIMESTAMP,
  origin VARCHAR,
  agent SYMBOL CAPACITY 256 CACHE,
  ifname SYMBOL CAPACITY 256 CACHE,
  reason SYMBOL CAPACITY 8 CACHE,
  flow_id SYMBOL CAPACITY 65536 NOCACHE,
  src_ip VARCHAR,
  dst_ip VARCHAR,
  src_port LONG,
  dst_port LONG,
  protocol LONG,
  packets LONG,
  first_ns LONG,
  path_id LONG,
  path VARCHAR,
  e2e_latency LONG,
  e2e_latency_avg DOUBLE,
  hops VARCHAR
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, origin);
-- agent_histograms: one row per (interface, switch, metric) and publication; bins are the
-- cumulative counts since the agent's run, comma-separated. series is ifname/switch/metric,
-- what the latest histogram of each is partitioned by.
CREATE TABLE IF NOT EXISTS agent_histograms (
  ts TIMESTAMP,
  agent SYMBOL CAPACITY 256 CACHE,
  series SYMBOL CAPACITY 4096 CACHE,
  ifname SYMBOL CAPACITY 256 CACHE,
  switch_id LONG,
  metric SYMBOL CAPACITY 8 CACHE,
  run LONG,
  bin_width LONG,
  bins VARCHAR
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts, agent, series);
