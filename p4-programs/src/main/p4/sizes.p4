// SPDX-License-Identifier: Apache-2.0
// Table, register and header-stack sizes, named once. Values are plain numbers because the
// preprocessor substitutes them into declarations; P4SourceSizesTests checks the derived ones.
#ifndef SONDE_SIZES_P4
#define SONDE_SIZES_P4

#define MAX_PORTS 512

#define IPV4_LPM_TABLE_SIZE 1024
#define IPV6_LPM_TABLE_SIZE 1024
// ECMP: next_hop entries (one per group the control plane binds), members the selector holds, and
// the members one group may have (P4Info max_group_size; a FatTree(k) switch needs k/2).
#define NEXT_HOP_TABLE_SIZE 1024
#define NEXT_HOP_SELECTOR_SIZE 1024
#define NEXT_HOP_MAX_GROUP_SIZE 16
#define INT_WATCHLIST_TABLE_SIZE 1024
#define INT_SINK_PORTS_TABLE_SIZE 512
#define EVENT_FILTER_TABLE_SIZE 1024
#define INT_REPORT_TABLE_SIZE 64
// Keyless tables whose default entry holds one per-switch value (ecmp_salt, int_node_id): they
// can hold no entry, the size only keeps every table's size named.
#define SWITCH_VALUE_TABLE_SIZE 1

// Hops a packet's INT stack can hold here. The parser loop extracts at most this many hops (the
// header stacks end there), and transit stops pushing at this depth.
#define MAX_INT_HOPS 8
// Largest hop this node writes: every v2.1 baseline item of bits 0-8 (INT-2.1 §5.8).
#define INT_MAX_HOP_WORDS 12
// MAX_INT_HOPS * INT_MAX_HOP_WORDS: bound of the word-by-word stack kept for layouts it cannot type.
#define MAX_INT_STACK_WORDS 96

// Unrolls a statement over the hop positions 0 .. MAX_INT_HOPS - 1 (P4 has no loops in controls).
#define FOR_EACH_INT_HOP(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)

// Event pre-filter state (paper 003 §III-C), one slot per filter index the control plane assigns.
#define EVENT_FILTER_FLOWS 1024
// EVENT_FILTER_FLOWS * MAX_INT_HOPS: per-hop last values, one per hop position of each flow.
#define EVENT_HOP_SLOTS 8192
// complex_detection: expressions of EVENT_CNF_CLAUSES clauses of EVENT_CNF_LITERALS literals.
#define EVENT_CNF_EXPRESSIONS 64
#define EVENT_CNF_CLAUSES 4
#define EVENT_CNF_LITERALS 2
// EVENT_CNF_EXPRESSIONS * EVENT_CNF_CLAUSES * EVENT_CNF_LITERALS.
#define EVENT_CNF_SLOTS 512

// One report sequence number per hw_id (TR-2.0 §3.2: numbered per Node ID and hw_id).
#define REPORT_HW_IDS 64

// GPINT probes (paper 001 §III-B). SR entries and DLV entries a probe can hold (a longer probe
// ends parsing with an error and is dropped and counted); the orchestrator splits longer paths
// into consecutive probes.
#define MAX_PROBE_HOPS 64
// Widths of the variable-length headers that carry those entries whole: (MAX_PROBE_HOPS - 1) SR
// entries of 24 bits behind the top one, MAX_PROBE_HOPS DLV entries of 32 bits.
#define PROBE_SR_REST_BITS 1512
#define PROBE_DLV_REST_BITS 2048
// Measurements one switch adds (the MEA range's count); the insertion is unrolled this far.
#define PROBE_MAX_MEASUREMENTS 16
// Unrolls a statement over the measurement positions 0 .. PROBE_MAX_MEASUREMENTS - 1.
#define FOR_EACH_PROBE_MEASUREMENT(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) \
    X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
// Rule-hit register cells, one per next-hop group id (cell 0: routes with a direct next hop; the
// emulator's twin has as many, ProbeRegister.SIZE). A MEA range reaches cell 255 + 15, so both
// measurement registers hold at least 271 cells.
#define PROBE_RULE_HIT_CELLS 512
// One feedback cell per request id (15 bits).
#define PROBE_REQUEST_IDS 32768
// Reasons a probe is dropped, one probe_drops cell each (defines.p4 PROBE_DROP_*).
#define PROBE_DROP_REASONS 8

// INT-label (paper 004). Items a packet can carry: the parser's header stack ends there, so a packet
// with more is a parser error, forwarded unchanged and counted as malformed.
#define MAX_LABEL_ITEMS 8
// MAX_LABEL_ITEMS * 256: the width of the variable-length header that carries them.
#define LABEL_ITEMS_BITS 2048
// Specific flows (label_flows entries) and their sampling registers, one cell per flow index.
#define LABEL_FLOWS_TABLE_SIZE 1024
#define LABEL_FLOWS 1024
// Ports toward hosts, where labels are extracted.
#define LABEL_SINK_PORTS_TABLE_SIZE 512
// Labeling probabilities by item count: 0 .. MAX_LABEL_ITEMS, rounded up to a power of two.
#define LABEL_PROBABILITY_TABLE_SIZE 16
// label_decisions: per port, one cell per reason (LABEL_REASON_*, FULL included).
#define LABEL_REASONS 4
// MAX_PORTS * LABEL_REASONS.
#define LABEL_DECISION_CELLS 2048
// label_carried: per port, one cell per item count 0 .. MAX_LABEL_ITEMS.
#define LABEL_CARRIED_COUNTS 9
// MAX_PORTS * LABEL_CARRIED_COUNTS.
#define LABEL_CARRIED_CELLS 4608

#endif
