/**
 * A controller's P4Runtime client, in the style of ONOS's and finsy's: one session per
 * switch ({@link io.sonde.p4runtime.client.P4RuntimeClient}) with one small port per RPC
 * (stream with arbitration and packet I/O, write, read, pipeline), failures typed by what
 * happened ({@link io.sonde.p4runtime.client.SwitchUnreachable},
 * {@link io.sonde.p4runtime.client.NotPrimary}, ...) and naming the switch.
 * <p>
 * Mastership follows spec §5 and §16.2 as the switch reports it: the client never decides
 * it is primary by itself; it waits for the switch's answer
 * ({@link io.sonde.p4runtime.client.P4RuntimeClient#awaitArbitration}) and follows its
 * notifications. A backup takes over after the primary left by re-arbitrating with an id
 * at least as high as the highest the switch has seen
 * ({@link io.sonde.p4runtime.client.P4RuntimeClient#updateElectionId}).
 */
package io.sonde.p4runtime.client;
