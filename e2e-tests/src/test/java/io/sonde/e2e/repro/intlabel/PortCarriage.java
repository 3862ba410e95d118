package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketTap;
import io.sonde.emulator.net.Port;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.net.TapDirection;
import io.sonde.emulator.net.TapPoint;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.p4programs.codec.LabelWire;

/**
 * What every switch port transmitted, seen by a tap on the port as the frame starts on
 * the wire (after the egress stage, so a labeled packet shows its items): packets, bytes,
 * and the INT-label bytes among them (the option and its items). The controller's "active
 * ports" come from here ({@link Listener#carried}), as the backend takes them from the
 * switches' port counters; the bandwidth occupation of Fig. 10 is INT bytes over
 * transmitted bytes.
 * <p>
 * Only the item count is read here ({@link LabelWire}: IPv4 protocol 254, the 2-byte
 * option, 32 bytes per item); a tap sees every frame of every hop, so it does not decode
 * the items.
 */
final class PortCarriage implements PacketTap {

	/** Called on the emulation's thread for every transmitted frame. */
	@FunctionalInterface
	interface Listener {

		void carried(String switchName, int port, long atNanos);

	}

	private final Listener listener;

	private final List<Port> ports = new ArrayList<>();

	private long packets;

	private long bytes;

	private long intBytes;

	private long labeledPackets;

	private PortCarriage(Listener listener) {
		this.listener = listener;
	}

	/**
	 * Taps every connected port of every switch (the CPU port is no port of the model).
	 */
	static PortCarriage tap(EmulatedNetwork emulated, Listener listener) {
		PortCarriage carriage = new PortCarriage(listener);
		for (SwitchNode node : emulated.network().switches()) {
			for (Port port : node.ports()) {
				if (port.isConnected()) {
					port.addTap(carriage);
					carriage.ports.add(port);
				}
			}
		}
		return carriage;
	}

	@Override
	public void capture(TapPoint point, long timestampNanos, Packet packet, byte[] frame, int length) {
		if (point.direction() != TapDirection.TRANSMITTED) {
			return;
		}
		this.packets++;
		this.bytes += length;
		int items = labelItems(frame, length);
		if (items >= 0) {
			this.labeledPackets++;
			this.intBytes += LabelWire.labelBytes(items);
		}
		this.listener.carried(point.node(), point.port(), timestampNanos);
	}

	/** The INT-label items a frame carries, or -1 when it has no option. */
	static int labelItems(byte[] frame, int length) {
		int ip = LabelWire.ETHERNET_HEADER_BYTES;
		if (length < ip + LabelWire.IPV4_HEADER_BYTES + LabelWire.OPTION_BYTES
				|| (((frame[12] & 0xFF) << 8) | (frame[13] & 0xFF)) != LabelWire.ETHERTYPE_IPV4) {
			return -1;
		}
		int ihl = (frame[ip] & 0x0F) * 4;
		if ((frame[ip + 9] & 0xFF) != LabelWire.IP_PROTOCOL || length < ip + ihl + LabelWire.OPTION_BYTES) {
			return -1;
		}
		return frame[ip + ihl + 1] & LabelWire.ITEM_COUNT_MASK;
	}

	/** Ends the taps, so a network reused by another run does not count twice. */
	void remove() {
		this.ports.forEach((port) -> port.removeTap(this));
		this.ports.clear();
	}

	/** Ports tapped. */
	int ports() {
		return this.ports.size();
	}

	Totals totals() {
		return new Totals(this.packets, this.bytes, this.intBytes, this.labeledPackets);
	}

	/**
	 * Sums over all switch ports, every hop counted.
	 *
	 * @param packets frames transmitted
	 * @param bytes their bytes
	 * @param intBytes the INT-label option and items among them
	 * @param labeledPackets frames that carried the option
	 */
	record Totals(long packets, long bytes, long intBytes, long labeledPackets) {

		Totals since(Totals before) {
			return new Totals(this.packets - before.packets, this.bytes - before.bytes, this.intBytes - before.intBytes,
					this.labeledPackets - before.labeledPackets);
		}

		/** INT bytes over transmitted bytes (0 when nothing was sent). */
		double bandwidthOccupation() {
			return (this.bytes == 0) ? 0 : (double) this.intBytes / this.bytes;
		}

	}

}
