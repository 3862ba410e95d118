-- INT-label coverage, one row per telemetry interval Ti at the window's end (the backend's
-- CoverageHistory writes it and loads the last sonde.labeling.coverage.history back at start).
-- Every value is a field, so the table has no tags.
CREATE TABLE IF NOT EXISTS labeling_coverage (
  ts TIMESTAMP,
  rate DOUBLE,
  active LONG,
  covered LONG,
  bandwidth_occupation DOUBLE,
  labeled_packets LONG,
  exported_packets LONG,
  start_ms LONG
) TIMESTAMP(ts) PARTITION BY DAY WAL
DEDUP UPSERT KEYS(ts);
