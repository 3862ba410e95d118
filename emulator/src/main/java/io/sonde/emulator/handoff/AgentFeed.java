package io.sonde.emulator.handoff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * Sends each handed-off frame as one UDP datagram (to {@code frame-feed}, which writes it
 * onto the agent's interface). A datagram the socket refuses is counted, the first
 * failure logged; a feed must not end a run.
 */
public final class AgentFeed implements HandoffSink {

	private static final System.Logger LOG = System.getLogger(AgentFeed.class.getName());

	private final InetSocketAddress target;

	private final DatagramChannel channel;

	private long sent;

	private long failed;

	private AgentFeed(InetSocketAddress target, DatagramChannel channel) {
		this.target = target;
		this.channel = channel;
	}

	/**
	 * @throws UncheckedIOException when no UDP socket can be opened
	 */
	public static AgentFeed open(InetSocketAddress target) {
		try {
			return new AgentFeed(target, DatagramChannel.open());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot open the agent feed to " + target + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public void handOff(HandedOffPacket packet) {
		try {
			this.channel.send(ByteBuffer.wrap(packet.frame()), this.target);
			this.sent++;
		}
		catch (IOException ex) {
			if (this.failed++ == 0) {
				LOG.log(Level.WARNING, "agent feed to " + this.target + " failed (counted from now on): " + ex);
			}
		}
	}

	/** Datagrams sent. */
	public long sent() {
		return this.sent;
	}

	/** Datagrams the socket refused. */
	public long failed() {
		return this.failed;
	}

	@Override
	public void close() {
		try {
			this.channel.close();
		}
		catch (IOException ex) {
			LOG.log(Level.WARNING, "closing the agent feed to " + this.target + " failed: " + ex);
		}
	}

}
