// SPDX-License-Identifier: Apache-2.0
// Types, protocol numbers and codes shared by every feature of sonde.p4. Each value names the
// specification section (INT-2.1, TR-2.0) or paper that fixes it; WIRE_FACTS.md collects them.
#ifndef SONDE_DEFINES_P4
#define SONDE_DEFINES_P4

typedef bit<9>   port_t;
typedef bit<48>  mac_addr_t;
typedef bit<32>  ipv4_addr_t;
typedef bit<128> ipv6_addr_t;

// Register indexes as wide as their registers are long (sizes.p4), so no control-plane value can
// address past the end of a register array.
typedef bit<10> event_filter_index_t;   // EVENT_FILTER_FLOWS = 2^10
typedef bit<6>  cnf_expression_index_t; // EVENT_CNF_EXPRESSIONS = 2^6
typedef bit<6>  report_hw_id_t;         // TR-2.0 §3.2 hw_id; REPORT_HW_IDS = 2^6
// The key of the next_hop table: the P4 value an ipv4_lpm entry names, which the control plane
// binds to an action profile group of the next-hop selector.
typedef bit<16> next_hop_group_t;

const bit<16> ETHERTYPE_IPV4 = 0x0800;
const bit<16> ETHERTYPE_IPV6 = 0x86DD;
const bit<16> ETHERTYPE_VLAN = 0x8100;

const bit<8> IP_PROTO_TCP = 6;
const bit<8> IP_PROTO_UDP = 17;

const bit<16> TCP_HEADER_BYTES = 20;  // without options: INT follows the fixed header
const bit<16> UDP_HEADER_BYTES = 8;
const bit<16> IPV4_HEADER_BYTES = 20; // the parser only reaches L4 behind option-less IPv4
const bit<16> IPV6_HEADER_BYTES = 40;

// INT over TCP/UDP is signalled by the DSCP (INT-2.1 §5.7.2 option 2, WIRE_FACTS D): the value the
// INT specification's examples use, matched under a mask so a domain that reserves a single DSCP bit
// instead (ONOS fabric) only has to change these two constants.
const bit<6> INT_DSCP = 0x17;
const bit<6> INT_DSCP_MASK = 0x3F;
// GPINT probes (paper 001 §III-B/C, §IV) follow IPv4 under protocol 253 (RFC 3692's experimentation
// number; INT-label takes 254), which parse_ipv4 branches on before TCP/UDP. The DSCP says which
// kind (Algorithm 1 switches on it): the paper's 0x19 feedback and 0x21 recovery notification, and
// 0x1D for the measurement probe instead of the paper's 0x17, which is INT_DSCP above: INT-MD keeps
// 0x17 because third-party INT sources use it. 0x1D, like 0x19 and 0x21, is odd and no standard PHB.
const bit<8> IP_PROTO_GPINT_PROBE = 253;
const bit<6> PROBE_DSCP_MEASUREMENT = 0x1D;
const bit<6> PROBE_DSCP_FEEDBACK = 0x19;
const bit<6> PROBE_DSCP_RECOVERY = 0x21;
// A feedback is the answered probe's Ethernet and IPv4 header and its Req META: IPv4 total length
// 20 + 2, a 36-byte frame (38 toward the CPU port, behind packet_in).
const bit<16> PROBE_FEEDBACK_IPV4_LENGTH = 22;
const bit<32> PROBE_FEEDBACK_FRAME_BYTES = 36;
const bit<32> PROBE_FEEDBACK_PACKET_IN_BYTES = 38;
// Bytes an SR entry, a DLV entry and a measurement take on the wire.
const bit<16> PROBE_SR_ENTRY_BYTES = 3;
const bit<16> PROBE_DLV_ENTRY_BYTES = 4;
const bit<16> PROBE_MEA_BYTES = 4;
// Clone sessions of the probe data plane: session PROBE_CLONE_SESSION_BASE + p must send to port p,
// for every port p a probe arrives on or leaves by, the CPU port included (CloneSessionEntry). The
// feedback is an ingress clone to the arrival port's session; SQR's stored copy an egress clone to
// the departure port's session.
const bit<32> PROBE_CLONE_SESSION_BASE = 1024;
// probe_drops cells: why a probe was dropped instead of forwarded half-written.
const bit<32> PROBE_DROP_MALFORMED = 0;      // parser error: more than MAX_PROBE_HOPS SR or DLV entries, or truncated
const bit<32> PROBE_DROP_NO_SR_ENTRY = 1;    // sr_count 0: no entry to pop
const bit<32> PROBE_DROP_TOO_MANY_MEASUREMENTS = 2; // MEA range count over PROBE_MAX_MEASUREMENTS
const bit<32> PROBE_DROP_DLV_FULL = 3;       // MAX_PROBE_HOPS DLV entries already: no room for ours
const bit<32> PROBE_DROP_UNKNOWN_KIND = 4;   // protocol 253 with a DSCP that is no probe kind a switch takes
const bit<32> PROBE_DROP_NONE = 0xFFFFFFFF;  // no reason: the probe is forwarded

// INT-label (paper 004 §2, §3, §5; p4-programs/README.md "INT-label"). Its INT OPTION follows IPv4
// under protocol 254, RFC 3692's second experimentation number, branched on like the probes' 253.
const bit<8>  IP_PROTO_INT_LABEL = 254;
// int_num bit 7: a specific flow (paper §3.3), labeled at every hop while it has room. The paper
// starts such a flow's int_num at MAX_hop; the parser must know the item count before any table
// runs, so the offset is the fixed half of the 8 bits instead, and the count is the low 7 bits.
const bit<8>  LABEL_SPECIFIC_FLOW = 0x80;
const bit<8>  LABEL_COUNT_MASK = 0x7F;
const bit<16> LABEL_OPTION_BYTES = 2;
const bit<16> LABEL_ITEM_BYTES = 32;
// label_settings modes: off (a last hop still extracts), Base A (interval), Base B (interval, then
// probability by item count).
const bit<2>  LABEL_MODE_OFF = 0;
const bit<2>  LABEL_MODE_BASE_A = 1;
const bit<2>  LABEL_MODE_BASE_B = 2;
// Why a hop labeled (the item's reason byte, and label_decisions cell p * 4 + reason); FULL is the
// cell of packets not labeled for lack of room and never appears in an item.
const bit<8>  LABEL_REASON_FULL = 0;
const bit<8>  LABEL_REASON_INTERVAL = 1;
const bit<8>  LABEL_REASON_PROBABILITY = 2;
const bit<8>  LABEL_REASON_SPECIFIC_FLOW = 3;
// label_probability's threshold that means f = 1: p = threshold / 65536 cannot reach 1 in 16 bits.
const bit<16> LABEL_PROBABILITY_ALWAYS = 0xFFFF;
// The item's tx utilization: not measured (INT-2.1 §5.8's all ones).
const bit<32> LABEL_TX_UTIL_UNMEASURED = 0xFFFFFFFF;
// Bytes of the L4 header the export keeps behind the items: the UDP header, or TCP's ports and
// sequence number; the rest of the packet is cut (truncate).
const bit<32> LABEL_EXPORT_L4_BYTES = 8;
// The last hop's export: an egress-to-egress clone the control plane binds to the CPU port.
const bit<32> LABEL_EXPORT_CLONE_SESSION_ID = 501;

// INT shim for TCP/UDP (INT-2.1 §5.7.2) and INT-MD metadata header (INT-2.1 §5.8).
const bit<4>  INT_TYPE_MD = 1;
const bit<2>  INT_NPT_DSCP = 0;          // NPT 0: no UDP-port signalling, shim byte 3 keeps the DSCP
const bit<4>  INT_VERSION = 2;
const bit<8>  INT_MD_HEADER_WORDS = 3;   // the shim's Length counts these, never the shim itself
const bit<16> INT_FIXED_HEADER_BYTES = 16; // shim 4 + MD header 12 (INT-2.1 §5.3)

// Instruction bitmap, bit 0 = most significant (INT-2.1 §5.8; WIRE_FACTS A.6).
const bit<16> INT_INSTR_SWITCH_ID = 0x8000;      // 4 B
const bit<16> INT_INSTR_L1_PORT_IDS = 0x4000;    // 4 B: 16 ingress + 16 egress
const bit<16> INT_INSTR_HOP_LATENCY = 0x2000;    // 4 B
const bit<16> INT_INSTR_QUEUE = 0x1000;          // 4 B: 8 queue id + 24 occupancy
const bit<16> INT_INSTR_INGRESS_TSTAMP = 0x0800; // 8 B
const bit<16> INT_INSTR_EGRESS_TSTAMP = 0x0400;  // 8 B
const bit<16> INT_INSTR_L2_PORT_IDS = 0x0200;    // 8 B: 32 ingress + 32 egress
const bit<16> INT_INSTR_TX_UTIL = 0x0100;        // 4 B
const bit<16> INT_INSTR_BUFFER = 0x0080;         // 4 B: 8 buffer id + 24 occupancy
// Reserved bits 9-14 and Checksum Complement (bit 15): sonde.p4 neither fills nor parses them into
// fields, so a packet asking for them is carried through without this node's metadata.
const bit<16> INT_INSTR_UNSUPPORTED = 0x007F;

// Metadata a node cannot measure is all ones (INT-2.1 §5.8).
const bit<32> INT_UNAVAILABLE_32 = 0xFFFFFFFF;
const bit<24> INT_UNAVAILABLE_24 = 0xFFFFFF;
const bit<8>  INT_UNAVAILABLE_8 = 0xFF;

// Telemetry Report v2.0 (TR-2.0 §3.2, §3.3; WIRE_FACTS B).
const bit<4>  REPORT_VERSION = 2;
const bit<4>  REPORT_TYPE_INT = 1;
const bit<4>  REPORT_IN_TYPE_IPV4 = 4;
const bit<4>  REPORT_IN_TYPE_IPV6 = 5;
const bit<8>  REPORT_FIXED_CONTENT_WORDS = 2; // RepMdBits, DS ID, DSMdBits, DSMdstatus
// IPv4 20 + UDP 8 + group header 8 + individual header 4 + fixed INT contents 8.
const bit<16> REPORT_HEADERS_BYTES = 48;
const bit<16> ETHERNET_HEADER_BYTES = 14;
const bit<8>  REPORT_IPV4_TTL = 64;
const bit<3>  IPV4_FLAGS_DONT_FRAGMENT = 0b010; // TR-2.0 §3.1: DF set or non-repeating IP ID
// What the sink can say about itself in the report (RepMdBits, TR-2.0 §3.3.1): ports, latency and
// timestamps. Its queue, tx utilization and buffer belong to the original packet's egress, which
// the ingress-to-egress report clone never sees, so those bits are cleared (TR-2.0 HEAD text).
const bit<16> SINK_REPORTED_METADATA = 0x6E00;

// Mirror session of the sink's report clone; the control plane binds it to the port toward the
// collector with a P4Runtime CloneSessionEntry.
const bit<32> INT_REPORT_CLONE_SESSION_ID = 500;

// The CPU port: simple_switch_grpc --cpu-port 510, and the emulator's (emulator/README.md). Frames
// from it carry packet_out, frames to it get packet_in.
const port_t CPU_PORT = 510;
// v1model's drop port on BMv2: mark_to_drop sets egress_spec to it (and mcast_grp to 0).
const port_t DROP_PORT = 511;

// standard_metadata.instance_type values of BMv2 simple_switch.
const bit<32> PKT_INSTANCE_TYPE_NORMAL = 0;
const bit<32> PKT_INSTANCE_TYPE_INGRESS_CLONE = 1;
const bit<32> PKT_INSTANCE_TYPE_EGRESS_CLONE = 2;
const bit<32> PKT_INSTANCE_TYPE_RECIRC = 4;

// Metadata a clone or recirculation keeps (clone_preserving_field_list, recirculate_preserving_field_list).
enum bit<8> FieldList {
    INT_REPORT = 1,
    PROBE_FEEDBACK = 2, // the feedback's ingress clone
    PROBE_COPY = 3,     // SQR's stored copy: its egress clone and every recirculation
    LABEL_EXPORT = 4,   // INT-label's export, an egress clone to the CPU port
    LABEL_RESTORE = 5   // the labeled original's recirculation to the pass that restores it
}

// Event pre-filter at the sink (paper 003 §III-C). Mode: which action of event_filter_flows ran.
const bit<2> EVENT_MODE_REPORT_ALL = 0;
const bit<2> EVENT_MODE_FAST = 1;
const bit<2> EVENT_MODE_COMPLEX = 2;
// fast_detection algorithms.
const bit<8> EVENT_ALGO_NOOP = 0;            // every packet is an event
const bit<8> EVENT_ALGO_PER_HOP_CHANGE = 1;  // some hop's value moved more than the threshold
const bit<8> EVENT_ALGO_FLOW_SUM_CHANGE = 2; // the path sum moved more than the threshold
const bit<8> EVENT_ALGO_MOVING_AVERAGE = 3;  // the EMA of the path sum moved more than the threshold
// Metadata types the algorithms run on: the 4-byte per-hop items of the bitmap.
const bit<8> EVENT_METRIC_HOP_LATENCY = 1;
const bit<8> EVENT_METRIC_QUEUE_OCCUPANCY = 2;
const bit<8> EVENT_METRIC_TX_UTILIZATION = 3;
const bit<8> EVENT_METRIC_BUFFER_OCCUPANCY = 4;
// complex_detection literal: metric code in the low nibble, aggregate over the path in bit 4.
const bit<8> CNF_METRIC_MASK = 0x0F;
const bit<8> CNF_AGGREGATE_MAX = 0x10;  // maximum over hops; clear = sum over hops
// complex_detection literal operators; NONE leaves the literal slot empty.
const bit<8> CNF_OP_NONE = 0;
const bit<8> CNF_OP_GREATER = 1;
const bit<8> CNF_OP_GREATER_OR_EQUAL = 2;
const bit<8> CNF_OP_LESS = 3;
const bit<8> CNF_OP_LESS_OR_EQUAL = 4;
const bit<8> CNF_OP_EQUAL = 5;
const bit<8> CNF_OP_NOT_EQUAL = 6;

// Parser errors of our own, seen by the controls in standard_metadata.parser_error.
error {
    IntStackLengthMismatch, // the stack does not end on a hop boundary (INT-2.1 §5.8 stack arithmetic)
    LabelItemsOverflow      // an INT OPTION counts more items than MAX_LABEL_ITEMS
}

#endif
