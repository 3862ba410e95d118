/**
 * Traffic: hosts' flows with real packet bytes.
 * <p>
 * A {@link io.sonde.emulator.traffic.FlowSpec} names two hosts, a transport (UDP, or
 * TCP-shaped segments with advancing sequence numbers), a frame size, a DSCP and an
 * {@link io.sonde.emulator.traffic.ArrivalModel}: constant rate, Poisson, or the bursty
 * on/off model of paper 003 §IV-B (burst duration and inter-burst time drawn from
 * distributions, a fixed rate inside bursts). {@link io.sonde.emulator.traffic.Traffic}
 * starts one generator per flow (thousands are fine: each is one pending event); each
 * packet is built by a {@link io.sonde.emulator.traffic.PacketBuilder} into a pooled
 * frame (Ethernet II / IPv4 / UDP or TCP / stamped payload, valid checksums) and gets a
 * ground-truth id from the pool. Destinations count what arrives in
 * {@link io.sonde.emulator.traffic.FlowStatistics}, with one-way latency.
 */
package io.sonde.emulator.traffic;
