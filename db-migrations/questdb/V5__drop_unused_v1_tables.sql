-- V1 made four tables that no release of Sonde ever wrote or read: the event log (V2, V4) and
-- the metrics exporter's int_metrics (V3) took their place, and the collectors' counters live in
-- Redis. Nothing but a hand-written row can be in them, so they are dropped rather than kept as a
-- schema that looks used.
DROP TABLE IF EXISTS int_hop_metrics;
DROP TABLE IF EXISTS port_metrics;
DROP TABLE IF EXISTS telemetry_events;
DROP TABLE IF EXISTS collector_stats;
