package io.sonde.p4programs.codec;

import java.util.Locale;
import java.util.Optional;

/**
 * What a GPINT packet is, told by its IPv4 DSCP (Algorithm 1 of Simsek et al. switches on
 * it). The measurement probe's DSCP is 0x1D, not the paper's 0x17: 0x17 is INT-MD's
 * marker in sonde.p4 and in third-party INT sources (p4-programs/README.md, "GPINT
 * probes").
 */
public enum ProbeKind {

	/**
	 * A probe collecting measurements, or completed and back at the monitoring module.
	 */
	MEASUREMENT(0x1D),
	/** The next hop's answer to a forwarded probe: IPv4 header and Req META only. */
	FEEDBACK(0x19),
	/**
	 * A switch's stored copy sent to the monitoring module after t_f without feedback.
	 */
	RECOVERY(0x21);

	private final int dscp;

	ProbeKind(int dscp) {
		this.dscp = dscp;
	}

	/** The 6-bit IPv4 DSCP that marks this kind. */
	public int dscp() {
		return this.dscp;
	}

	/** Lower-case form for JSON output, e.g. {@code "measurement"}. */
	public String jsonName() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** The kind a DSCP marks, empty for any other DSCP (the packet is no GPINT probe). */
	public static Optional<ProbeKind> ofDscp(int dscp) {
		for (ProbeKind kind : values()) {
			if (kind.dscp == dscp) {
				return Optional.of(kind);
			}
		}
		return Optional.empty();
	}

}
