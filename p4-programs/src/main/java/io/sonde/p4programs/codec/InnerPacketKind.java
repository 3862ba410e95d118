package io.sonde.p4programs.codec;

/** What header an inner (reported) packet starts with. */
public enum InnerPacketKind {

	ETHERNET, IPV4, IPV6

}
