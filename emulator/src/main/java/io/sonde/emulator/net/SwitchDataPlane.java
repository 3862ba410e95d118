package io.sonde.emulator.net;

/**
 * The packet processing of an emulated switch (the sonde.p4 pipeline is one). Called once
 * per arriving frame, on the scheduler's thread, as the switch's ingress stage; it
 * decides through the {@link PacketContext} where the frame goes and may register an
 * {@link EgressObserver} for the egress stage.
 */
@FunctionalInterface
public interface SwitchDataPlane {

	/** Drops every packet: a switch with no pipeline loaded. */
	SwitchDataPlane DROP_ALL = PacketContext::drop;

	void process(PacketContext context);

}
