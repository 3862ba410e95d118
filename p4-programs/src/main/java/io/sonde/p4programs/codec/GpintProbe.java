package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * A GPINT probe (Simsek et al. Fig. 4): what the monitoring module sends along a path,
 * what each switch adds to, and what comes back (completed, or as a recovery
 * notification); or the feedback a switch answers a received probe with.
 *
 * @param kind what the IPv4 DSCP marks
 * @param requestId the 15-bit request id
 * @param requestType the measurement the probe asks for
 * @param sourceRoute the source-route entries still to be used, the next switch's first;
 * empty for a completed probe and for a feedback (which carries no SR stack)
 * @param hops what the switches passed inserted, in path order (oldest first; the wire
 * holds them newest first); empty for a feedback
 */
public record GpintProbe(ProbeKind kind, int requestId, ProbeRequestType requestType,
		List<SourceRouteEntry> sourceRoute, List<ProbeHop> hops) {

	public GpintProbe {
		GpintWire.requireUnsigned(requestId, 15, "request id");
		sourceRoute = List.copyOf(sourceRoute);
		hops = List.copyOf(hops);
		if (kind == ProbeKind.FEEDBACK && (!sourceRoute.isEmpty() || !hops.isEmpty())) {
			throw new IllegalArgumentException("a feedback carries Req META only");
		}
		GpintWire.requireUnsigned(sourceRoute.size(), 16, "SR count");
		GpintWire.requireUnsigned(hops.size(), 16, "DLV count");
		GpintWire.requireUnsigned(measurementCount(hops), 16, "MEA count");
	}

	/** A measurement probe as the monitoring module sends it: no hops yet. */
	public static GpintProbe start(int requestId, ProbeRequestType requestType, List<SourceRouteEntry> sourceRoute) {
		return new GpintProbe(ProbeKind.MEASUREMENT, requestId, requestType, sourceRoute, List.of());
	}

	/** The feedback that answers this probe: same request id and type, nothing else. */
	public GpintProbe feedback() {
		return new GpintProbe(ProbeKind.FEEDBACK, this.requestId, this.requestType, List.of(), List.of());
	}

	/** This probe marked as another kind, stacks unchanged. */
	public GpintProbe withKind(ProbeKind other) {
		return new GpintProbe(other, this.requestId, this.requestType, this.sourceRoute, this.hops);
	}

	/**
	 * The probe as a switch forwards it: its source-route entry popped and its hop added.
	 * @throws IllegalStateException when no source-route entry is left to pop
	 */
	public GpintProbe afterHop(ProbeHop hop) {
		if (this.sourceRoute.isEmpty()) {
			throw new IllegalStateException("probe " + this.requestId + " has no source-route entry left");
		}
		List<ProbeHop> more = new ArrayList<>(this.hops);
		more.add(hop);
		return new GpintProbe(this.kind, this.requestId, this.requestType,
				this.sourceRoute.subList(1, this.sourceRoute.size()), more);
	}

	/** Whether this is a measurement probe whose source route is used up. */
	public boolean completed() {
		return this.kind == ProbeKind.MEASUREMENT && this.sourceRoute.isEmpty();
	}

	/** The MEA count: every hop's measurements. */
	public int measurementCount() {
		return measurementCount(this.hops);
	}

	/** Bytes of the probe body after the IPv4 header. */
	public int bodyLength() {
		if (this.kind == ProbeKind.FEEDBACK) {
			return GpintWire.META_BYTES;
		}
		return GpintWire.META_BYTES + 3 * GpintWire.COUNT_BYTES + this.sourceRoute.size() * GpintWire.SR_ENTRY_BYTES
				+ this.hops.size() * GpintWire.DLV_ENTRY_BYTES + measurementCount() * GpintWire.MEASUREMENT_BYTES;
	}

	private static int measurementCount(List<ProbeHop> hops) {
		return hops.stream().mapToInt((hop) -> hop.measurements().size()).sum();
	}

}
