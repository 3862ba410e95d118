/**
 * The handoff to a NIC agent (paper 002): every INT packet a sink delivers to a host, as
 * the agent in front of that host would receive it (INT-MD over UDP with the INT port,
 * the paper's encapsulation), with the ground truth of what the switches put into it.
 */
package io.sonde.emulator.handoff;
