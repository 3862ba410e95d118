package io.sonde.p4programs.capture;

import java.io.IOException;
import java.io.InputStream;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;

/**
 * The bytes of a capture file, read front to back, with the offset of the next byte so
 * that every error can say where it happened.
 */
final class CaptureInput {

	private final InputStream in;

	private long position;

	CaptureInput(InputStream in) {
		this.in = in;
	}

	/** Offset from the start of the file of the next byte to be read. */
	long position() {
		return this.position;
	}

	/**
	 * Reads {@code count} bytes, or fewer when the file ends first. {@code readNBytes}
	 * grows its buffer as data arrives, so a huge length claimed by a corrupt header
	 * costs no memory beyond what the file really holds.
	 */
	byte[] readUpTo(int count) throws IOException {
		byte[] bytes = this.in.readNBytes(count);
		this.position += bytes.length;
		return bytes;
	}

	/**
	 * Reads exactly {@code count} bytes of the record or block that starts at
	 * {@code recordStart}.
	 */
	byte[] readExactly(int count, long recordStart, String what) throws IOException, CaptureUnreadable {
		byte[] bytes = readUpTo(count);
		if (bytes.length < count) {
			throw new CaptureUnreadable(Reason.TRUNCATED, recordStart,
					"the file ends " + bytes.length + " of " + count + " bytes into the " + what);
		}
		return bytes;
	}

	void close() throws IOException {
		this.in.close();
	}

}
