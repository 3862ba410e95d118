package io.sonde.p4programs.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads whole captures in tests. */
final class CaptureFrames {

	private CaptureFrames() {
	}

	/** Every frame of a capture held in memory; fails on an unreadable capture. */
	static List<CapturedFrame> readAll(byte[] file) throws IOException, CaptureUnreadable {
		try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(file))) {
			return drain(reader);
		}
	}

	static List<CapturedFrame> drain(CaptureReader reader) throws IOException, CaptureUnreadable {
		List<CapturedFrame> frames = new ArrayList<>();
		for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
			frames.add(frame);
		}
		return frames;
	}

	/** Reads until the end or the first problem; returns the frames and the problem. */
	static Outcome readUntilFailure(byte[] file) throws IOException {
		List<CapturedFrame> frames = new ArrayList<>();
		try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(file))) {
			for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
				frames.add(frame);
			}
			return new Outcome(frames, null);
		}
		catch (CaptureUnreadable ex) {
			return new Outcome(frames, ex);
		}
	}

	record Outcome(List<CapturedFrame> frames, CaptureUnreadable failure) {
	}

}
