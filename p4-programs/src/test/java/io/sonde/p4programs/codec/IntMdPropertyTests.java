package io.sonde.p4programs.codec;

import java.util.Arrays;
import java.util.Random;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of the INT-MD codec over random valid packets and random or damaged bytes.
 */
class IntMdPropertyTests {

	@Property(tries = 2000)
	void validPacketsRoundTripExactly(@ForAll Random random) throws MalformedTelemetry {
		IntMdPacket packet = RandomTelemetry.intPacket(random, DecodeLimits.DEFAULT_MAX_HOPS);

		byte[] wire = IntMdCodec.encode(packet);

		assertThat(wire).hasSize(packet.endOffset());
		assertThat(IntMdCodec.decode(wire, 0, wire.length)).isEqualTo(packet);
	}

	@Property(tries = 500)
	void decodingLeavesWhatFollowsTheStackAlone(@ForAll Random random, @ForAll @IntRange(max = 40) int before,
			@ForAll @Size(max = 40) byte[] after) throws MalformedTelemetry {
		IntMdPacket packet = RandomTelemetry.intPacket(random, DecodeLimits.DEFAULT_MAX_HOPS);
		byte[] data = new byte[before + packet.encodedLength() + after.length];
		int end = IntMdCodec.encodeInto(packet, data, before);
		System.arraycopy(after, 0, data, end, after.length);

		IntMdPacket decoded = IntMdCodec.decode(data, before, data.length - before);

		assertThat(decoded.endOffset()).isEqualTo(end);
		assertThat(withEndOffset(decoded, packet.endOffset())).isEqualTo(packet);
	}

	@Property(tries = 2000)
	void randomBytesDecodeOrFailWithTheTypedError(@ForAll @Size(max = 300) byte[] data,
			@ForAll @IntRange(max = 63) int dscp) {
		decodeOrFailTyped(data, dscp);
	}

	@Property(tries = 2000)
	void damagedEncodingsDecodeOrFailWithTheTypedError(@ForAll Random random) {
		byte[] wire = IntMdCodec.encode(RandomTelemetry.intPacket(random, DecodeLimits.DEFAULT_MAX_HOPS));

		decodeOrFailTyped(Damage.apply(random, wire), random.nextInt(64));
	}

	/** Decodes; a decoded packet must encode again and decode to itself. */
	private static void decodeOrFailTyped(byte[] data, int dscp) {
		IntMdCodec.recognise(data, 0, data.length, dscp, DecodeLimits.DEFAULT);
		IntMdPacket decoded;
		try {
			decoded = IntMdCodec.decode(data, 0, data.length, DecodeLimits.DEFAULT);
		}
		catch (MalformedTelemetry expected) {
			assertThat(expected.reason()).isNotNull();
			assertThat(expected.offset()).isBetween(0, data.length);
			return;
		}
		assertThat(decoded.endOffset()).isBetween(0, data.length);
		assertThat(decoded.hops()).hasSizeLessThanOrEqualTo(DecodeLimits.DEFAULT_MAX_HOPS);
		byte[] again = IntMdCodec.encode(decoded);
		try {
			assertThat(IntMdCodec.decode(again, 0, again.length)).isEqualTo(withEndOffset(decoded, again.length));
		}
		catch (MalformedTelemetry ex) {
			throw new AssertionError("the encoding of a decoded packet does not decode: " + Arrays.toString(data), ex);
		}
	}

	private static IntMdPacket withEndOffset(IntMdPacket packet, int endOffset) {
		return new IntMdPacket(packet.version(), packet.shim(), packet.header(), packet.hops(),
				packet.sourceOnlyWords(), packet.tail(), endOffset);
	}

}
