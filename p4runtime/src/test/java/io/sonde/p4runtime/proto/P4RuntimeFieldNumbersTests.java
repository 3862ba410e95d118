package io.sonde.p4runtime.proto;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import p4.config.v1.P4InfoProto;
import p4.config.v1.P4TypesProto;
import p4.v1.P4DataProto;
import p4.v1.P4RuntimeProto;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the wire contract: every (message, field, number, type) below is transcribed
 * from the P4Runtime v1.4 facts in shared/specs/WIRE_FACTS.md (E.2-E.4), and the
 * generated descriptors must match them exactly. A renumbered field would still compile
 * and pass every round-trip test between Sonde's own components while silently breaking
 * interop with real switches, so only a table like this catches it.
 */
class P4RuntimeFieldNumbersTests {

	private static final List<FileDescriptor> FILES = List.of(P4RuntimeProto.getDescriptor(),
			P4DataProto.getDescriptor(), P4InfoProto.getDescriptor(), P4TypesProto.getDescriptor());

	/**
	 * message | field | number | [repeated] type | oneof (optional). Types are proto
	 * scalar names or the full name of a message or enum.
	 */
	private static final String FIELDS = """
			p4.v1.WriteRequest | device_id | 1 | uint64
			p4.v1.WriteRequest | role_id | 2 | uint64
			p4.v1.WriteRequest | role | 6 | string
			p4.v1.WriteRequest | election_id | 3 | p4.v1.Uint128
			p4.v1.WriteRequest | updates | 4 | repeated p4.v1.Update
			p4.v1.WriteRequest | atomicity | 5 | p4.v1.WriteRequest.Atomicity
			p4.v1.ReadRequest | device_id | 1 | uint64
			p4.v1.ReadRequest | role | 3 | string
			p4.v1.ReadRequest | entities | 2 | repeated p4.v1.Entity
			p4.v1.ReadResponse | entities | 1 | repeated p4.v1.Entity
			p4.v1.Update | type | 1 | p4.v1.Update.Type
			p4.v1.Update | entity | 2 | p4.v1.Entity
			p4.v1.Entity | extern_entry | 1 | p4.v1.ExternEntry | entity
			p4.v1.Entity | table_entry | 2 | p4.v1.TableEntry | entity
			p4.v1.Entity | action_profile_member | 3 | p4.v1.ActionProfileMember | entity
			p4.v1.Entity | action_profile_group | 4 | p4.v1.ActionProfileGroup | entity
			p4.v1.Entity | meter_entry | 5 | p4.v1.MeterEntry | entity
			p4.v1.Entity | direct_meter_entry | 6 | p4.v1.DirectMeterEntry | entity
			p4.v1.Entity | counter_entry | 7 | p4.v1.CounterEntry | entity
			p4.v1.Entity | direct_counter_entry | 8 | p4.v1.DirectCounterEntry | entity
			p4.v1.Entity | packet_replication_engine_entry | 9 | p4.v1.PacketReplicationEngineEntry | entity
			p4.v1.Entity | value_set_entry | 10 | p4.v1.ValueSetEntry | entity
			p4.v1.Entity | register_entry | 11 | p4.v1.RegisterEntry | entity
			p4.v1.Entity | digest_entry | 12 | p4.v1.DigestEntry | entity
			p4.v1.ExternEntry | extern_type_id | 1 | uint32
			p4.v1.ExternEntry | extern_id | 2 | uint32
			p4.v1.ExternEntry | entry | 3 | google.protobuf.Any
			p4.v1.TableEntry | table_id | 1 | uint32
			p4.v1.TableEntry | match | 2 | repeated p4.v1.FieldMatch
			p4.v1.TableEntry | action | 3 | p4.v1.TableAction
			p4.v1.TableEntry | priority | 4 | int32
			p4.v1.TableEntry | controller_metadata | 5 | uint64
			p4.v1.TableEntry | meter_config | 6 | p4.v1.MeterConfig
			p4.v1.TableEntry | counter_data | 7 | p4.v1.CounterData
			p4.v1.TableEntry | meter_counter_data | 12 | p4.v1.MeterCounterData
			p4.v1.TableEntry | is_default_action | 8 | bool
			p4.v1.TableEntry | idle_timeout_ns | 9 | int64
			p4.v1.TableEntry | time_since_last_hit | 10 | p4.v1.TableEntry.IdleTimeout
			p4.v1.TableEntry | metadata | 11 | bytes
			p4.v1.TableEntry | is_const | 13 | bool
			p4.v1.TableEntry.IdleTimeout | elapsed_ns | 1 | int64
			p4.v1.FieldMatch | field_id | 1 | uint32
			p4.v1.FieldMatch | exact | 2 | p4.v1.FieldMatch.Exact | field_match_type
			p4.v1.FieldMatch | ternary | 3 | p4.v1.FieldMatch.Ternary | field_match_type
			p4.v1.FieldMatch | lpm | 4 | p4.v1.FieldMatch.LPM | field_match_type
			p4.v1.FieldMatch | range | 6 | p4.v1.FieldMatch.Range | field_match_type
			p4.v1.FieldMatch | optional | 7 | p4.v1.FieldMatch.Optional | field_match_type
			p4.v1.FieldMatch | other | 100 | google.protobuf.Any | field_match_type
			p4.v1.FieldMatch.Exact | value | 1 | bytes
			p4.v1.FieldMatch.Ternary | value | 1 | bytes
			p4.v1.FieldMatch.Ternary | mask | 2 | bytes
			p4.v1.FieldMatch.LPM | value | 1 | bytes
			p4.v1.FieldMatch.LPM | prefix_len | 2 | int32
			p4.v1.FieldMatch.Range | low | 1 | bytes
			p4.v1.FieldMatch.Range | high | 2 | bytes
			p4.v1.FieldMatch.Optional | value | 1 | bytes
			p4.v1.TableAction | action | 1 | p4.v1.Action | type
			p4.v1.TableAction | action_profile_member_id | 2 | uint32 | type
			p4.v1.TableAction | action_profile_group_id | 3 | uint32 | type
			p4.v1.TableAction | action_profile_action_set | 4 | p4.v1.ActionProfileActionSet | type
			p4.v1.Action | action_id | 1 | uint32
			p4.v1.Action | params | 4 | repeated p4.v1.Action.Param
			p4.v1.Action.Param | param_id | 2 | uint32
			p4.v1.Action.Param | value | 3 | bytes
			p4.v1.ActionProfileActionSet | action_profile_actions | 1 | repeated p4.v1.ActionProfileAction
			p4.v1.ActionProfileAction | action | 1 | p4.v1.Action
			p4.v1.ActionProfileAction | weight | 2 | int32
			p4.v1.ActionProfileAction | watch | 3 | int32 | watch_kind
			p4.v1.ActionProfileAction | watch_port | 4 | bytes | watch_kind
			p4.v1.ActionProfileMember | action_profile_id | 1 | uint32
			p4.v1.ActionProfileMember | member_id | 2 | uint32
			p4.v1.ActionProfileMember | action | 3 | p4.v1.Action
			p4.v1.ActionProfileGroup | action_profile_id | 1 | uint32
			p4.v1.ActionProfileGroup | group_id | 2 | uint32
			p4.v1.ActionProfileGroup | members | 3 | repeated p4.v1.ActionProfileGroup.Member
			p4.v1.ActionProfileGroup | max_size | 4 | int32
			p4.v1.ActionProfileGroup.Member | member_id | 1 | uint32
			p4.v1.ActionProfileGroup.Member | weight | 2 | int32
			p4.v1.ActionProfileGroup.Member | watch | 3 | int32 | watch_kind
			p4.v1.ActionProfileGroup.Member | watch_port | 4 | bytes | watch_kind
			p4.v1.Index | index | 1 | int64
			p4.v1.MeterEntry | meter_id | 1 | uint32
			p4.v1.MeterEntry | index | 2 | p4.v1.Index
			p4.v1.MeterEntry | config | 3 | p4.v1.MeterConfig
			p4.v1.MeterEntry | counter_data | 4 | p4.v1.MeterCounterData
			p4.v1.DirectMeterEntry | table_entry | 1 | p4.v1.TableEntry
			p4.v1.DirectMeterEntry | config | 2 | p4.v1.MeterConfig
			p4.v1.DirectMeterEntry | counter_data | 3 | p4.v1.MeterCounterData
			p4.v1.MeterConfig | cir | 1 | int64
			p4.v1.MeterConfig | cburst | 2 | int64
			p4.v1.MeterConfig | pir | 3 | int64
			p4.v1.MeterConfig | pburst | 4 | int64
			p4.v1.MeterConfig | eburst | 5 | int64
			p4.v1.CounterEntry | counter_id | 1 | uint32
			p4.v1.CounterEntry | index | 2 | p4.v1.Index
			p4.v1.CounterEntry | data | 3 | p4.v1.CounterData
			p4.v1.DirectCounterEntry | table_entry | 1 | p4.v1.TableEntry
			p4.v1.DirectCounterEntry | data | 2 | p4.v1.CounterData
			p4.v1.CounterData | byte_count | 1 | int64
			p4.v1.CounterData | packet_count | 2 | int64
			p4.v1.MeterCounterData | green | 1 | p4.v1.CounterData
			p4.v1.MeterCounterData | yellow | 2 | p4.v1.CounterData
			p4.v1.MeterCounterData | red | 3 | p4.v1.CounterData
			p4.v1.PacketReplicationEngineEntry | multicast_group_entry | 1 | p4.v1.MulticastGroupEntry | type
			p4.v1.PacketReplicationEngineEntry | clone_session_entry | 2 | p4.v1.CloneSessionEntry | type
			p4.v1.Replica | egress_port | 1 | uint32 | port_kind
			p4.v1.Replica | port | 3 | bytes | port_kind
			p4.v1.Replica | instance | 2 | uint32
			p4.v1.MulticastGroupEntry | multicast_group_id | 1 | uint32
			p4.v1.MulticastGroupEntry | replicas | 2 | repeated p4.v1.Replica
			p4.v1.MulticastGroupEntry | metadata | 3 | bytes
			p4.v1.CloneSessionEntry | session_id | 1 | uint32
			p4.v1.CloneSessionEntry | replicas | 2 | repeated p4.v1.Replica
			p4.v1.CloneSessionEntry | class_of_service | 3 | uint32
			p4.v1.CloneSessionEntry | packet_length_bytes | 4 | int32
			p4.v1.ValueSetEntry | value_set_id | 1 | uint32
			p4.v1.ValueSetEntry | members | 2 | repeated p4.v1.ValueSetMember
			p4.v1.ValueSetMember | match | 1 | repeated p4.v1.FieldMatch
			p4.v1.RegisterEntry | register_id | 1 | uint32
			p4.v1.RegisterEntry | index | 2 | p4.v1.Index
			p4.v1.RegisterEntry | data | 3 | p4.v1.P4Data
			p4.v1.DigestEntry | digest_id | 1 | uint32
			p4.v1.DigestEntry | config | 2 | p4.v1.DigestEntry.Config
			p4.v1.DigestEntry.Config | max_timeout_ns | 1 | int64
			p4.v1.DigestEntry.Config | max_list_size | 2 | int32
			p4.v1.DigestEntry.Config | ack_timeout_ns | 3 | int64
			p4.v1.StreamMessageRequest | arbitration | 1 | p4.v1.MasterArbitrationUpdate | update
			p4.v1.StreamMessageRequest | packet | 2 | p4.v1.PacketOut | update
			p4.v1.StreamMessageRequest | digest_ack | 3 | p4.v1.DigestListAck | update
			p4.v1.StreamMessageRequest | other | 4 | google.protobuf.Any | update
			p4.v1.StreamMessageResponse | arbitration | 1 | p4.v1.MasterArbitrationUpdate | update
			p4.v1.StreamMessageResponse | packet | 2 | p4.v1.PacketIn | update
			p4.v1.StreamMessageResponse | digest | 3 | p4.v1.DigestList | update
			p4.v1.StreamMessageResponse | idle_timeout_notification | 4 | p4.v1.IdleTimeoutNotification | update
			p4.v1.StreamMessageResponse | other | 5 | google.protobuf.Any | update
			p4.v1.StreamMessageResponse | error | 6 | p4.v1.StreamError | update
			p4.v1.PacketOut | payload | 1 | bytes
			p4.v1.PacketOut | metadata | 2 | repeated p4.v1.PacketMetadata
			p4.v1.PacketIn | payload | 1 | bytes
			p4.v1.PacketIn | metadata | 2 | repeated p4.v1.PacketMetadata
			p4.v1.PacketMetadata | metadata_id | 1 | uint32
			p4.v1.PacketMetadata | value | 2 | bytes
			p4.v1.DigestList | digest_id | 1 | uint32
			p4.v1.DigestList | list_id | 2 | uint64
			p4.v1.DigestList | data | 3 | repeated p4.v1.P4Data
			p4.v1.DigestList | timestamp | 4 | int64
			p4.v1.DigestListAck | digest_id | 1 | uint32
			p4.v1.DigestListAck | list_id | 2 | uint64
			p4.v1.IdleTimeoutNotification | table_entry | 1 | repeated p4.v1.TableEntry
			p4.v1.IdleTimeoutNotification | timestamp | 2 | int64
			p4.v1.MasterArbitrationUpdate | device_id | 1 | uint64
			p4.v1.MasterArbitrationUpdate | role | 2 | p4.v1.Role
			p4.v1.MasterArbitrationUpdate | election_id | 3 | p4.v1.Uint128
			p4.v1.MasterArbitrationUpdate | status | 4 | google.rpc.Status
			p4.v1.Role | id | 1 | uint64
			p4.v1.Role | name | 3 | string
			p4.v1.Role | config | 2 | google.protobuf.Any
			p4.v1.Uint128 | high | 1 | uint64
			p4.v1.Uint128 | low | 2 | uint64
			p4.v1.StreamError | canonical_code | 1 | int32
			p4.v1.StreamError | message | 2 | string
			p4.v1.StreamError | space | 3 | string
			p4.v1.StreamError | code | 4 | int32
			p4.v1.StreamError | packet_out | 5 | p4.v1.PacketOutError | details
			p4.v1.StreamError | digest_list_ack | 6 | p4.v1.DigestListAckError | details
			p4.v1.StreamError | other | 7 | p4.v1.StreamOtherError | details
			p4.v1.PacketOutError | packet_out | 1 | p4.v1.PacketOut
			p4.v1.DigestListAckError | digest_list_ack | 1 | p4.v1.DigestListAck
			p4.v1.StreamOtherError | other | 1 | google.protobuf.Any
			p4.v1.SetForwardingPipelineConfigRequest | device_id | 1 | uint64
			p4.v1.SetForwardingPipelineConfigRequest | role_id | 2 | uint64
			p4.v1.SetForwardingPipelineConfigRequest | role | 6 | string
			p4.v1.SetForwardingPipelineConfigRequest | election_id | 3 | p4.v1.Uint128
			p4.v1.SetForwardingPipelineConfigRequest | action | 4 | p4.v1.SetForwardingPipelineConfigRequest.Action
			p4.v1.SetForwardingPipelineConfigRequest | config | 5 | p4.v1.ForwardingPipelineConfig
			p4.v1.ForwardingPipelineConfig | p4info | 1 | p4.config.v1.P4Info
			p4.v1.ForwardingPipelineConfig | p4_device_config | 2 | bytes
			p4.v1.ForwardingPipelineConfig | cookie | 3 | p4.v1.ForwardingPipelineConfig.Cookie
			p4.v1.ForwardingPipelineConfig.Cookie | cookie | 1 | uint64
			p4.v1.GetForwardingPipelineConfigRequest | device_id | 1 | uint64
			p4.v1.GetForwardingPipelineConfigRequest | response_type | 2 | p4.v1.GetForwardingPipelineConfigRequest.ResponseType
			p4.v1.GetForwardingPipelineConfigResponse | config | 1 | p4.v1.ForwardingPipelineConfig
			p4.v1.Error | canonical_code | 1 | int32
			p4.v1.Error | message | 2 | string
			p4.v1.Error | space | 3 | string
			p4.v1.Error | code | 4 | int32
			p4.v1.Error | details | 5 | google.protobuf.Any
			p4.v1.CapabilitiesResponse | p4runtime_api_version | 1 | string
			p4.v1.P4Data | bitstring | 1 | bytes | data
			p4.v1.P4Data | varbit | 2 | p4.v1.P4Varbit | data
			p4.v1.P4Data | bool | 3 | bool | data
			p4.v1.P4Data | tuple | 4 | p4.v1.P4StructLike | data
			p4.v1.P4Data | struct | 5 | p4.v1.P4StructLike | data
			p4.v1.P4Data | header | 6 | p4.v1.P4Header | data
			p4.v1.P4Data | header_union | 7 | p4.v1.P4HeaderUnion | data
			p4.v1.P4Data | header_stack | 8 | p4.v1.P4HeaderStack | data
			p4.v1.P4Data | header_union_stack | 9 | p4.v1.P4HeaderUnionStack | data
			p4.v1.P4Data | enum | 10 | string | data
			p4.v1.P4Data | error | 11 | string | data
			p4.v1.P4Data | enum_value | 12 | bytes | data
			p4.v1.P4Varbit | bitstring | 1 | bytes
			p4.v1.P4Varbit | bitwidth | 2 | int32
			p4.v1.P4StructLike | members | 1 | repeated p4.v1.P4Data
			p4.v1.P4Header | is_valid | 1 | bool
			p4.v1.P4Header | bitstrings | 2 | repeated bytes
			p4.v1.P4HeaderUnion | valid_header_name | 1 | string
			p4.v1.P4HeaderUnion | valid_header | 2 | p4.v1.P4Header
			p4.v1.P4HeaderStack | entries | 1 | repeated p4.v1.P4Header
			p4.v1.P4HeaderUnionStack | entries | 1 | repeated p4.v1.P4HeaderUnion
			p4.config.v1.P4Info | pkg_info | 1 | p4.config.v1.PkgInfo
			p4.config.v1.P4Info | tables | 2 | repeated p4.config.v1.Table
			p4.config.v1.P4Info | actions | 3 | repeated p4.config.v1.Action
			p4.config.v1.P4Info | action_profiles | 4 | repeated p4.config.v1.ActionProfile
			p4.config.v1.P4Info | counters | 5 | repeated p4.config.v1.Counter
			p4.config.v1.P4Info | direct_counters | 6 | repeated p4.config.v1.DirectCounter
			p4.config.v1.P4Info | meters | 7 | repeated p4.config.v1.Meter
			p4.config.v1.P4Info | direct_meters | 8 | repeated p4.config.v1.DirectMeter
			p4.config.v1.P4Info | controller_packet_metadata | 9 | repeated p4.config.v1.ControllerPacketMetadata
			p4.config.v1.P4Info | value_sets | 10 | repeated p4.config.v1.ValueSet
			p4.config.v1.P4Info | registers | 11 | repeated p4.config.v1.Register
			p4.config.v1.P4Info | digests | 12 | repeated p4.config.v1.Digest
			p4.config.v1.P4Info | externs | 100 | repeated p4.config.v1.Extern
			p4.config.v1.P4Info | type_info | 200 | p4.config.v1.P4TypeInfo
			p4.config.v1.Preamble | id | 1 | uint32
			p4.config.v1.Preamble | name | 2 | string
			p4.config.v1.Preamble | alias | 3 | string
			p4.config.v1.Preamble | annotations | 4 | repeated string
			p4.config.v1.Preamble | annotation_locations | 7 | repeated p4.config.v1.SourceLocation
			p4.config.v1.Preamble | doc | 5 | p4.config.v1.Documentation
			p4.config.v1.Preamble | structured_annotations | 6 | repeated p4.config.v1.StructuredAnnotation
			p4.config.v1.PkgInfo | name | 1 | string
			p4.config.v1.PkgInfo | version | 2 | string
			p4.config.v1.PkgInfo | doc | 3 | p4.config.v1.Documentation
			p4.config.v1.PkgInfo | annotations | 4 | repeated string
			p4.config.v1.PkgInfo | annotation_locations | 10 | repeated p4.config.v1.SourceLocation
			p4.config.v1.PkgInfo | arch | 5 | string
			p4.config.v1.PkgInfo | organization | 6 | string
			p4.config.v1.PkgInfo | contact | 7 | string
			p4.config.v1.PkgInfo | url | 8 | string
			p4.config.v1.PkgInfo | structured_annotations | 9 | repeated p4.config.v1.StructuredAnnotation
			p4.config.v1.PkgInfo | platform_properties | 11 | p4.config.v1.PlatformProperties
			p4.config.v1.Table | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.Table | match_fields | 2 | repeated p4.config.v1.MatchField
			p4.config.v1.Table | action_refs | 3 | repeated p4.config.v1.ActionRef
			p4.config.v1.Table | const_default_action_id | 4 | uint32
			p4.config.v1.Table | initial_default_action | 5 | p4.config.v1.TableActionCall
			p4.config.v1.Table | implementation_id | 6 | uint32
			p4.config.v1.Table | direct_resource_ids | 7 | repeated uint32
			p4.config.v1.Table | size | 8 | int64
			p4.config.v1.Table | idle_timeout_behavior | 9 | p4.config.v1.Table.IdleTimeoutBehavior
			p4.config.v1.Table | is_const_table | 10 | bool
			p4.config.v1.Table | has_initial_entries | 11 | bool
			p4.config.v1.Table | other_properties | 100 | google.protobuf.Any
			p4.config.v1.MatchField | id | 1 | uint32
			p4.config.v1.MatchField | name | 2 | string
			p4.config.v1.MatchField | annotations | 3 | repeated string
			p4.config.v1.MatchField | annotation_locations | 10 | repeated p4.config.v1.SourceLocation
			p4.config.v1.MatchField | bitwidth | 4 | int32
			p4.config.v1.MatchField | match_type | 5 | p4.config.v1.MatchField.MatchType | match
			p4.config.v1.MatchField | other_match_type | 7 | string | match
			p4.config.v1.MatchField | doc | 6 | p4.config.v1.Documentation
			p4.config.v1.MatchField | type_name | 8 | p4.config.v1.P4NamedType
			p4.config.v1.MatchField | structured_annotations | 9 | repeated p4.config.v1.StructuredAnnotation
			p4.config.v1.ActionRef | id | 1 | uint32
			p4.config.v1.ActionRef | scope | 3 | p4.config.v1.ActionRef.Scope
			p4.config.v1.ActionRef | annotations | 2 | repeated string
			p4.config.v1.ActionRef | annotation_locations | 5 | repeated p4.config.v1.SourceLocation
			p4.config.v1.ActionRef | structured_annotations | 4 | repeated p4.config.v1.StructuredAnnotation
			p4.config.v1.TableActionCall | action_id | 1 | uint32
			p4.config.v1.TableActionCall | arguments | 4 | repeated p4.config.v1.TableActionCall.Argument
			p4.config.v1.TableActionCall.Argument | param_id | 2 | uint32
			p4.config.v1.TableActionCall.Argument | value | 3 | bytes
			p4.config.v1.Action | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.Action | params | 2 | repeated p4.config.v1.Action.Param
			p4.config.v1.Action.Param | id | 1 | uint32
			p4.config.v1.Action.Param | name | 2 | string
			p4.config.v1.Action.Param | annotations | 3 | repeated string
			p4.config.v1.Action.Param | annotation_locations | 8 | repeated p4.config.v1.SourceLocation
			p4.config.v1.Action.Param | bitwidth | 4 | int32
			p4.config.v1.Action.Param | doc | 5 | p4.config.v1.Documentation
			p4.config.v1.Action.Param | type_name | 6 | p4.config.v1.P4NamedType
			p4.config.v1.Action.Param | structured_annotations | 7 | repeated p4.config.v1.StructuredAnnotation
			p4.config.v1.ActionProfile | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.ActionProfile | table_ids | 2 | repeated uint32
			p4.config.v1.ActionProfile | with_selector | 3 | bool
			p4.config.v1.ActionProfile | size | 4 | int64
			p4.config.v1.ActionProfile | max_group_size | 5 | int32
			p4.config.v1.ActionProfile | sum_of_weights | 6 | p4.config.v1.ActionProfile.SumOfWeights | selector_size_semantics
			p4.config.v1.ActionProfile | sum_of_members | 7 | p4.config.v1.ActionProfile.SumOfMembers | selector_size_semantics
			p4.config.v1.ActionProfile.SumOfMembers | max_member_weight | 1 | int32
			p4.config.v1.Counter | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.Counter | spec | 2 | p4.config.v1.CounterSpec
			p4.config.v1.Counter | size | 3 | int64
			p4.config.v1.Counter | index_type_name | 4 | p4.config.v1.P4NamedType
			p4.config.v1.CounterSpec | unit | 1 | p4.config.v1.CounterSpec.Unit
			p4.config.v1.DirectCounter | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.DirectCounter | spec | 2 | p4.config.v1.CounterSpec
			p4.config.v1.DirectCounter | direct_table_id | 3 | uint32
			p4.config.v1.Meter | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.Meter | spec | 2 | p4.config.v1.MeterSpec
			p4.config.v1.Meter | size | 3 | int64
			p4.config.v1.Meter | index_type_name | 4 | p4.config.v1.P4NamedType
			p4.config.v1.MeterSpec | unit | 1 | p4.config.v1.MeterSpec.Unit
			p4.config.v1.MeterSpec | type | 2 | p4.config.v1.MeterSpec.Type
			p4.config.v1.DirectMeter | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.DirectMeter | spec | 2 | p4.config.v1.MeterSpec
			p4.config.v1.DirectMeter | direct_table_id | 3 | uint32
			p4.config.v1.ControllerPacketMetadata | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.ControllerPacketMetadata | metadata | 2 | repeated p4.config.v1.ControllerPacketMetadata.Metadata
			p4.config.v1.ControllerPacketMetadata.Metadata | id | 1 | uint32
			p4.config.v1.ControllerPacketMetadata.Metadata | name | 2 | string
			p4.config.v1.ControllerPacketMetadata.Metadata | annotations | 3 | repeated string
			p4.config.v1.ControllerPacketMetadata.Metadata | annotation_locations | 7 | repeated p4.config.v1.SourceLocation
			p4.config.v1.ControllerPacketMetadata.Metadata | bitwidth | 4 | int32
			p4.config.v1.ControllerPacketMetadata.Metadata | type_name | 5 | p4.config.v1.P4NamedType
			p4.config.v1.ControllerPacketMetadata.Metadata | structured_annotations | 6 | repeated p4.config.v1.StructuredAnnotation
			p4.config.v1.ValueSet | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.ValueSet | match | 2 | repeated p4.config.v1.MatchField
			p4.config.v1.ValueSet | size | 3 | int32
			p4.config.v1.Register | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.Register | type_spec | 2 | p4.config.v1.P4DataTypeSpec
			p4.config.v1.Register | size | 3 | int32
			p4.config.v1.Register | index_type_name | 4 | p4.config.v1.P4NamedType
			p4.config.v1.Digest | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.Digest | type_spec | 2 | p4.config.v1.P4DataTypeSpec
			p4.config.v1.Extern | extern_type_id | 1 | uint32
			p4.config.v1.Extern | extern_type_name | 2 | string
			p4.config.v1.Extern | instances | 3 | repeated p4.config.v1.ExternInstance
			p4.config.v1.ExternInstance | preamble | 1 | p4.config.v1.Preamble
			p4.config.v1.ExternInstance | info | 2 | google.protobuf.Any
			""";

	/** enum | VALUE=number, ... */
	private static final String ENUMS = """
			p4.v1.WriteRequest.Atomicity | CONTINUE_ON_ERROR=0 ROLLBACK_ON_ERROR=1 DATAPLANE_ATOMIC=2
			p4.v1.Update.Type | UNSPECIFIED=0 INSERT=1 MODIFY=2 DELETE=3
			p4.v1.SetForwardingPipelineConfigRequest.Action | UNSPECIFIED=0 VERIFY=1 VERIFY_AND_SAVE=2 VERIFY_AND_COMMIT=3 COMMIT=4 RECONCILE_AND_COMMIT=5
			p4.v1.GetForwardingPipelineConfigRequest.ResponseType | ALL=0 COOKIE_ONLY=1 P4INFO_AND_COOKIE=2 DEVICE_CONFIG_AND_COOKIE=3
			p4.v1.SdnPort | SDN_PORT_UNKNOWN=0 SDN_PORT_MIN=1 SDN_PORT_MAX=-257 SDN_PORT_RECIRCULATE=-6 SDN_PORT_CPU=-3
			p4.config.v1.Table.IdleTimeoutBehavior | NO_TIMEOUT=0 NOTIFY_CONTROL=1
			p4.config.v1.MatchField.MatchType | UNSPECIFIED=0 EXACT=2 LPM=3 TERNARY=4 RANGE=5 OPTIONAL=6
			p4.config.v1.ActionRef.Scope | TABLE_AND_DEFAULT=0 TABLE_ONLY=1 DEFAULT_ONLY=2
			p4.config.v1.CounterSpec.Unit | UNSPECIFIED=0 BYTES=1 PACKETS=2 BOTH=3
			p4.config.v1.MeterSpec.Unit | UNSPECIFIED=0 BYTES=1 PACKETS=2
			p4.config.v1.MeterSpec.Type | TWO_RATE_THREE_COLOR=0 SINGLE_RATE_THREE_COLOR=1 SINGLE_RATE_TWO_COLOR=2
			p4.config.v1.P4Ids.Prefix | UNSPECIFIED=0 ACTION=1 TABLE=2 VALUE_SET=3 CONTROLLER_HEADER=4 PSA_EXTERNS_START=16 ACTION_PROFILE=17 COUNTER=18 DIRECT_COUNTER=19 METER=20 DIRECT_METER=21 REGISTER=22 DIGEST=23 OTHER_EXTERNS_START=128 MAX=255
			""";

	private static final Map<String, FieldDescriptor.Type> SCALARS = Map.ofEntries(
			Map.entry("uint64", FieldDescriptor.Type.UINT64), Map.entry("uint32", FieldDescriptor.Type.UINT32),
			Map.entry("int64", FieldDescriptor.Type.INT64), Map.entry("int32", FieldDescriptor.Type.INT32),
			Map.entry("bool", FieldDescriptor.Type.BOOL), Map.entry("string", FieldDescriptor.Type.STRING),
			Map.entry("bytes", FieldDescriptor.Type.BYTES));

	@TestFactory
	Stream<DynamicTest> everyFieldHasItsV14NameNumberTypeAndLabel() {
		return rows(FIELDS).map((row) -> DynamicTest.dynamicTest(row[0] + "." + row[1], () -> checkField(row)));
	}

	@TestFactory
	Stream<DynamicTest> everyEnumHasItsV14Values() {
		return rows(ENUMS).map((row) -> DynamicTest.dynamicTest(row[0], () -> {
			EnumDescriptor type = findEnum(row[0]);
			List<String> expected = List.of(row[1].split(" "));
			List<String> actual = type.getValues().stream().map((v) -> v.getName() + "=" + v.getNumber()).toList();
			assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
		}));
	}

	@Test
	void everyMessageOfTheTableHasNoFieldBeyondIt() {
		Map<String, Long> expectedCounts = rows(FIELDS)
			.collect(java.util.stream.Collectors.groupingBy((row) -> row[0], java.util.stream.Collectors.counting()));
		expectedCounts
			.forEach((message, count) -> assertThat(findMessage(message).getFields()).as("fields of %s", message)
				.hasSize(count.intValue()));
	}

	@Test
	void leavesOutFieldsAddedAfterV14() {
		assertThat(findMessage("p4.v1.CapabilitiesRequest").getFields()).isEmpty();
		assertThat(findMessage("p4.v1.CapabilitiesResponse").findFieldByNumber(999)).isNull();
		assertThat(findMessage("p4.v1.ActionProfileActionSet").getFields()).hasSize(1);
		assertThat(findMessage("p4.v1.Replica").findFieldByName("backup_replicas")).isNull();
		assertThat(findMessage("p4.config.v1.ActionProfile").findFieldByName("weights_disallowed")).isNull();
		assertThat(findEnum("p4.config.v1.ActionRef.Scope").findValueByNumber(3)).isNull();
		assertThat(findMessage("p4.config.v1.P4Info").findFieldByNumber(13)).isNull();
	}

	@Test
	void marksTheDeprecatedFields() {
		assertThat(findMessage("p4.v1.WriteRequest").findFieldByName("role_id").getOptions().getDeprecated()).isTrue();
		assertThat(findMessage("p4.v1.SetForwardingPipelineConfigRequest").findFieldByName("role_id")
			.getOptions()
			.getDeprecated()).isTrue();
		assertThat(findMessage("p4.v1.TableEntry").findFieldByName("controller_metadata").getOptions().getDeprecated())
			.isTrue();
		assertThat(findMessage("p4.v1.Role").findFieldByName("id").getOptions().getDeprecated()).isTrue();
		assertThat(findMessage("p4.v1.Replica").findFieldByName("egress_port").getOptions().getDeprecated()).isTrue();
		assertThat(findMessage("p4.v1.ActionProfileAction").findFieldByName("watch").getOptions().getDeprecated())
			.isTrue();
	}

	@Test
	void declaresTheSixRpcsWithTheirStreamingKinds() {
		ServiceDescriptor service = P4RuntimeProto.getDescriptor().findServiceByName("P4Runtime");
		assertThat(service.getFullName()).isEqualTo("p4.v1.P4Runtime");
		List<String> methods = new ArrayList<>();
		for (MethodDescriptor method : service.getMethods()) {
			methods.add(method.getName() + " " + method.getInputType().getName() + " "
					+ (method.isClientStreaming() ? "stream " : "") + method.getOutputType().getName()
					+ (method.isServerStreaming() ? " stream" : ""));
		}
		assertThat(methods).containsExactlyInAnyOrder("Write WriteRequest WriteResponse",
				"Read ReadRequest ReadResponse stream",
				"SetForwardingPipelineConfig SetForwardingPipelineConfigRequest SetForwardingPipelineConfigResponse",
				"GetForwardingPipelineConfig GetForwardingPipelineConfigRequest GetForwardingPipelineConfigResponse",
				"StreamChannel StreamMessageRequest stream StreamMessageResponse stream",
				"Capabilities CapabilitiesRequest CapabilitiesResponse");
	}

	@Test
	void usesTheOfficialProtoPackagesAndImportsStatusFromCommonProtos() {
		assertThat(P4RuntimeProto.getDescriptor().getPackage()).isEqualTo("p4.v1");
		assertThat(P4DataProto.getDescriptor().getPackage()).isEqualTo("p4.v1");
		assertThat(P4InfoProto.getDescriptor().getPackage()).isEqualTo("p4.config.v1");
		assertThat(P4TypesProto.getDescriptor().getPackage()).isEqualTo("p4.config.v1");
		assertThat(P4RuntimeProto.getDescriptor().getDependencies()).extracting(FileDescriptor::getName)
			.contains("google/rpc/status.proto", "google/protobuf/any.proto");
		assertThat(P4RuntimeProto.getDescriptor().getName()).isEqualTo("p4/v1/p4runtime.proto");
	}

	private static void checkField(String[] row) {
		Descriptor message = findMessage(row[0]);
		FieldDescriptor field = message.findFieldByName(row[1]);
		assertThat(field).as("field %s of %s", row[1], row[0]).isNotNull();
		assertThat(field.getNumber()).as("number of %s.%s", row[0], row[1]).isEqualTo(Integer.parseInt(row[2]));
		String type = row[3];
		boolean repeated = type.startsWith("repeated ");
		assertThat(field.isRepeated()).as("repeated %s.%s", row[0], row[1]).isEqualTo(repeated);
		type = type.replaceFirst("^repeated ", "");
		if (SCALARS.containsKey(type)) {
			assertThat(field.getType()).as("type of %s.%s", row[0], row[1]).isEqualTo(SCALARS.get(type));
		}
		else if (field.getType() == FieldDescriptor.Type.ENUM) {
			assertThat(field.getEnumType().getFullName()).isEqualTo(type);
		}
		else {
			assertThat(field.getType()).as("type of %s.%s", row[0], row[1]).isEqualTo(FieldDescriptor.Type.MESSAGE);
			assertThat(field.getMessageType().getFullName()).isEqualTo(type);
		}
		String oneof = (row.length > 4) ? row[4] : null;
		if (oneof != null) {
			assertThat(field.getRealContainingOneof()).as("oneof of %s.%s", row[0], row[1]).isNotNull();
			assertThat(field.getRealContainingOneof().getName()).isEqualTo(oneof);
		}
		else {
			assertThat(field.getRealContainingOneof()).as("oneof of %s.%s", row[0], row[1]).isNull();
		}
	}

	private static Stream<String[]> rows(String table) {
		return table.lines()
			.map(String::strip)
			.filter((line) -> !line.isEmpty())
			.map((line) -> Stream.of(line.split("\\|")).map(String::strip).toArray(String[]::new));
	}

	private static Descriptor findMessage(String fullName) {
		for (FileDescriptor file : FILES) {
			for (Descriptor message : file.getMessageTypes()) {
				Descriptor found = find(message, fullName);
				if (found != null) {
					return found;
				}
			}
		}
		throw new AssertionError("no message " + fullName);
	}

	private static Descriptor find(Descriptor message, String fullName) {
		if (message.getFullName().equals(fullName)) {
			return message;
		}
		for (Descriptor nested : message.getNestedTypes()) {
			Descriptor found = find(nested, fullName);
			if (found != null) {
				return found;
			}
		}
		return null;
	}

	private static EnumDescriptor findEnum(String fullName) {
		for (FileDescriptor file : FILES) {
			for (EnumDescriptor type : file.getEnumTypes()) {
				if (type.getFullName().equals(fullName)) {
					return type;
				}
			}
		}
		int dot = fullName.lastIndexOf('.');
		Descriptor parent = findMessage(fullName.substring(0, dot));
		EnumDescriptor type = parent.findEnumTypeByName(fullName.substring(dot + 1));
		assertThat(type).as("enum %s", fullName).isNotNull();
		return type;
	}

}
