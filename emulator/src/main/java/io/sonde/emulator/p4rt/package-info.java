/**
 * The P4Runtime server of an emulated switch
 * ({@link io.sonde.emulator.p4rt.EmulatedP4RuntimeServer}): gRPC on 127.0.0.1, one
 * device, one program. Arbitration is the p4runtime module's
 * {@link io.sonde.p4runtime.arbitration.Arbitration}; SetForwardingPipelineConfig accepts
 * only a P4Info describing the program the switch runs (compared by objects and ids, not
 * text) and says what differs otherwise; Write and Read go to the switch's
 * {@link io.sonde.emulator.state.SwitchState}; PacketOut goes to the data plane's
 * {@link io.sonde.emulator.p4rt.PacketOutHandler}, and the data plane's packet-ins to the
 * primary controller.
 * <p>
 * Not emulated (answered UNIMPLEMENTED): meters, action profiles, multicast groups (clone
 * sessions are emulated: sonde.p4 mirrors its reports through one), value sets, digests,
 * externs, idle-timeout notifications, role configs, and the optional ROLLBACK_ON_ERROR
 * and DATAPLANE_ATOMIC write modes.
 */
package io.sonde.emulator.p4rt;
