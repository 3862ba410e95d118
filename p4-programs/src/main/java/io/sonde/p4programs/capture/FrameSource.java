package io.sonde.p4programs.capture;

import java.io.IOException;

/** The frames of one capture file format, in file order. */
interface FrameSource {

	/**
	 * The next frame, or {@code null} at a clean end of file.
	 * @param number the 1-based number the frame gets
	 */
	CapturedFrame next(long number) throws IOException, CaptureUnreadable;

}
