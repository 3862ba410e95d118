package io.sonde.switches;

/**
 * One difference between what Sonde wants on a switch and what the switch holds, and the
 * P4Runtime update that repairs it.
 *
 * @param update {@code INSERT} (missing), {@code MODIFY} (differs) or {@code DELETE} (not
 * wanted)
 * @param entity the entity's identity, e.g. {@code SondeIngress.forwarding.ipv4_lpm
 * dst_addr=10.0.0.2/32}
 * @param expected what Sonde wants (action and parameters, or a register value); null for
 * DELETE
 * @param installed what the switch holds; null for INSERT
 */
public record EntityChange(String update, String entity, String expected, String installed) {
}
