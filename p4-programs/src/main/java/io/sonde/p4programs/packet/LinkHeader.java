package io.sonde.p4programs.packet;

import java.util.List;

/**
 * What the link layer says about the packet it carries.
 *
 * @param vlanTags the VLAN tags, outermost first
 * @param etherType the EtherType of the carried packet
 * @param networkOffset the first byte of the carried packet
 */
record LinkHeader(List<VlanTag> vlanTags, int etherType, int networkOffset) {
}
