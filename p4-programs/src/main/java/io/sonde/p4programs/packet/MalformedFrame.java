package io.sonde.p4programs.packet;

/** A frame whose headers cannot be dissected, with what is wrong and where. */
public final class MalformedFrame extends Exception {

	private static final long serialVersionUID = 1L;

	/** Why a frame cannot be dissected. */
	public enum Reason {

		/** The frame ends inside a header. */
		TRUNCATED,

		/** The frame carries something other than IPv4 or IPv6 (ARP, LLC, MPLS, ...). */
		NOT_IP,

		/** A link-layer header field makes no sense. */
		BAD_LINK_HEADER,

		/** An IP header (or IPv6 extension header) contradicts itself or its length. */
		BAD_IP_HEADER,

		/** A TCP or UDP header contradicts itself or the IP length. */
		BAD_L4_HEADER,

		/** A link type this dissector does not know. */
		UNSUPPORTED_LINK_TYPE,

		/** More stacked VLAN tags than {@link FrameDissector#MAX_VLAN_TAGS}. */
		TOO_MANY_VLAN_TAGS

	}

	private final Reason reason;

	private final int offset;

	private final String detail;

	/**
	 * @param reason why the frame cannot be dissected
	 * @param offset index in the dissected array of the header that is wrong
	 * @param detail what is wrong, in words
	 */
	public MalformedFrame(Reason reason, int offset, String detail) {
		super(reason + " at byte " + offset + ": " + detail);
		this.reason = reason;
		this.offset = offset;
		this.detail = detail;
	}

	/** Why the frame cannot be dissected. */
	public Reason reason() {
		return this.reason;
	}

	/** Index in the dissected array of the header that is wrong. */
	public int offset() {
		return this.offset;
	}

	/** What is wrong, without the reason and offset. */
	public String detail() {
		return this.detail;
	}

}
