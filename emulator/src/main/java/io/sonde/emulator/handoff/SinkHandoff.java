package io.sonde.emulator.handoff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketTap;
import io.sonde.emulator.net.TapDirection;
import io.sonde.emulator.net.TapPoint;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.pipeline.HopTruth;

/**
 * Pairs what a sink stripped with what the host then received: the switches' hops and the
 * sink's INT are kept by packet id until the packet reaches a host port (this tap sees
 * hosts' ports), where the delivered frame gets its INT back ({@link AgentEncapsulation})
 * and goes to every {@link HandoffSink}. Packets lost between the sink and the host, or
 * dropped on the way, leave their records behind: the oldest are forgotten past
 * {@link #IN_FLIGHT}.
 */
public final class SinkHandoff implements GroundTruth.Listener, PacketTap, AutoCloseable {

	/** Packets whose hops or stack are kept while they travel. */
	static final int IN_FLIGHT = 1 << 16;

	private final Map<Long, List<HopTruth>> hops = bounded();

	private final Map<Long, Stripped> stripped = bounded();

	private final List<HandoffSink> sinks;

	private long handedOff;

	private long notIpv4;

	public SinkHandoff(List<HandoffSink> sinks) {
		this.sinks = List.copyOf(Objects.requireNonNull(sinks, "sinks"));
	}

	@Override
	public synchronized void onHop(HopTruth hop) {
		this.hops.computeIfAbsent(hop.packetId(), (id) -> new ArrayList<>(4)).add(hop);
	}

	@Override
	public synchronized void onSinkStack(long packetId, long sinkId, byte[] bytes, int offset, int length) {
		List<HopTruth> pushed = this.hops.remove(packetId);
		this.stripped.put(packetId, new Stripped(sinkId, Arrays.copyOfRange(bytes, offset, offset + length),
				(pushed != null) ? pushed : List.of()));
	}

	@Override
	public synchronized void capture(TapPoint point, long timestampNanos, Packet packet, byte[] frame, int length) {
		if (point.direction() != TapDirection.RECEIVED) {
			return;
		}
		Stripped sunk = this.stripped.remove(packet.id());
		if (sunk == null) {
			return;
		}
		int ip = AgentEncapsulation.ipv4Offset(frame, length);
		if (ip < 0) {
			this.notIpv4++;
			return;
		}
		byte[] encapsulated = AgentEncapsulation.encapsulate(frame, length, sunk.stack, 0, sunk.stack.length);
		int protocol = frame[ip + 9] & 0xFF;
		int l4 = ip + 4 * (frame[ip] & 0x0F);
		FlowKey flow = new FlowKey(i32(frame, ip + 12), i32(frame, ip + 16), u16(frame, l4), u16(frame, l4 + 2),
				protocol);
		int npt = (protocol == 17) ? AgentEncapsulation.NPT_UDP : AgentEncapsulation.NPT_NEW_UDP;
		HandedOffPacket handed = new HandedOffPacket(this.handedOff++, packet.id(), timestampNanos, sunk.sinkId, npt,
				flow, sunk.hops, encapsulated);
		for (HandoffSink sink : this.sinks) {
			sink.handOff(handed);
		}
	}

	/** Packets handed off so far. */
	public synchronized long handedOff() {
		return this.handedOff;
	}

	/** INT packets delivered that were not IPv4 (the agent's wire format needs IPv4). */
	public synchronized long notIpv4() {
		return this.notIpv4;
	}

	@Override
	public void close() {
		this.sinks.forEach(HandoffSink::close);
	}

	private static <V> Map<Long, V> bounded() {
		return new LinkedHashMap<>(1024, 0.75f, false) {

			@Override
			protected boolean removeEldestEntry(Map.Entry<Long, V> eldest) {
				return size() > IN_FLIGHT;
			}

		};
	}

	private static int u16(byte[] bytes, int at) {
		return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
	}

	private static int i32(byte[] bytes, int at) {
		return (u16(bytes, at) << 16) | u16(bytes, at + 2);
	}

	private record Stripped(long sinkId, byte[] stack, List<HopTruth> hops) {
	}

}
