package io.sonde.ingest.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.lettuce.core.codec.RedisCodec;

/**
 * Keys and values as UTF-8 strings, converted by the JDK, which copies ASCII text whole.
 * Lettuce's {@code StringCodec} decodes through a {@code CharsetDecoder} a character at a
 * time; a collector entry is tens of kilobytes of ASCII, and its decoding on the client's
 * event-loop thread showed in the ingest's CPU profile (make bench-ingest).
 */
final class Utf8Codec implements RedisCodec<String, String> {

	static final Utf8Codec INSTANCE = new Utf8Codec();

	private Utf8Codec() {
	}

	@Override
	public String decodeKey(ByteBuffer bytes) {
		return decode(bytes);
	}

	@Override
	public String decodeValue(ByteBuffer bytes) {
		return decode(bytes);
	}

	@Override
	public ByteBuffer encodeKey(String key) {
		return encode(key);
	}

	@Override
	public ByteBuffer encodeValue(String value) {
		return encode(value);
	}

	private static String decode(ByteBuffer bytes) {
		if (bytes.hasArray()) {
			return new String(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining(),
					StandardCharsets.UTF_8);
		}
		byte[] copy = new byte[bytes.remaining()];
		bytes.get(copy);
		return new String(copy, StandardCharsets.UTF_8);
	}

	private static ByteBuffer encode(String text) {
		return ByteBuffer.wrap((text != null) ? text.getBytes(StandardCharsets.UTF_8) : new byte[0]);
	}

}
