package io.sonde.store.internal.questdb;

import java.nio.charset.StandardCharsets;

import io.questdb.std.Unsafe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Utf8ValueTests {

	@Test
	void writesTheRangeItIsAskedForAsUtf8() {
		String text = "10.0.1.2:1024->10.1.0.3:6000/17@ü";
		byte[] expected = text.getBytes(StandardCharsets.UTF_8);
		Utf8Value value = new Utf8Value().of(text);
		long memory = Unsafe.getUnsafe().allocateMemory(expected.length);
		try {
			// A prefix QuestDB keeps inline, then the rest from an odd offset.
			value.writeTo(memory, 0, 6);
			value.writeTo(memory + 6, 6, expected.length);
			byte[] written = new byte[expected.length];
			for (int i = 0; i < written.length; i++) {
				written[i] = Unsafe.getUnsafe().getByte(memory + i);
			}
			assertThat(written).isEqualTo(expected);
			assertThat(value.size()).isEqualTo(expected.length);
			assertThat(value.isAscii()).isFalse();
			assertThat(value.longAt(8)).isEqualTo(Unsafe.getUnsafe().getLong(memory + 8));
		}
		finally {
			Unsafe.getUnsafe().freeMemory(memory);
		}
	}

}
