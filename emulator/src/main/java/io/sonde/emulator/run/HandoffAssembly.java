package io.sonde.emulator.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.handoff.AgentFeed;
import io.sonde.emulator.handoff.HandedOffPacket;
import io.sonde.emulator.handoff.HandoffSink;
import io.sonde.emulator.handoff.HandoffTruthFile;
import io.sonde.emulator.handoff.SinkHandoff;
import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.net.Port;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.pipeline.HopTruth;
import io.sonde.emulator.pipeline.ReportTruth;

/**
 * Builds the agent handoff an {@link AgentHandoff} asks for: its feed, pcap and truth
 * file, the ground truth listener that sees hops and sinks' stacks, and a tap on every
 * host port.
 */
final class HandoffAssembly {

	private HandoffAssembly() {
	}

	/**
	 * Opens the outputs; if one cannot be opened, those opened are closed again.
	 * @throws java.io.UncheckedIOException naming what could not be opened
	 */
	static SinkHandoff open(AgentHandoff options, Instant epoch) {
		List<HandoffSink> sinks = new ArrayList<>();
		try {
			if (options.feed() != null) {
				sinks.add(AgentFeed.open(options.feed()));
			}
			if (options.pcap() != null) {
				sinks.add(new PcapSink(PcapCapture.create(options.pcap(), epoch)));
			}
			if (options.truth() != null) {
				sinks.add(HandoffTruthFile.create(options.truth()));
			}
		}
		catch (RuntimeException ex) {
			sinks.forEach(HandoffSink::close);
			throw ex;
		}
		return new SinkHandoff(sinks);
	}

	/**
	 * Lets the handoff see the ground truth (next to {@code other}, when there is one)
	 * and every host port.
	 */
	static void attach(SinkHandoff handoff, Network network, GroundTruth truth, GroundTruth.Listener other) {
		truth.setListener((other == null) ? handoff : new BothListeners(other, handoff));
		for (HostNode host : network.hosts()) {
			for (Port port : host.ports()) {
				port.addTap(handoff);
			}
		}
	}

	private record PcapSink(PcapCapture pcap) implements HandoffSink {

		@Override
		public void handOff(HandedOffPacket packet) {
			this.pcap.write(packet.timestampNanos(), packet.frame(), 0, packet.frame().length);
		}

		@Override
		public void close() {
			this.pcap.close();
		}

	}

	private record BothListeners(GroundTruth.Listener first,
			GroundTruth.Listener second) implements GroundTruth.Listener {

		@Override
		public void onHop(HopTruth hop) {
			this.first.onHop(hop);
			this.second.onHop(hop);
		}

		@Override
		public void onReport(ReportTruth report) {
			this.first.onReport(report);
			this.second.onReport(report);
		}

		@Override
		public void onSinkStack(long packetId, long sinkId, byte[] bytes, int offset, int length) {
			this.first.onSinkStack(packetId, sinkId, bytes, offset, length);
			this.second.onSinkStack(packetId, sinkId, bytes, offset, length);
		}

	}

}
