package io.sonde.p4programs.capture;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.capture.CaptureUnreadable.Reason;
import org.junit.jupiter.api.Test;

import static io.sonde.p4programs.capture.CaptureBytes.block;
import static io.sonde.p4programs.capture.CaptureBytes.concat;
import static io.sonde.p4programs.capture.CaptureBytes.enhancedPacket;
import static io.sonde.p4programs.capture.CaptureBytes.frameBytes;
import static io.sonde.p4programs.capture.CaptureBytes.interfaceDescription;
import static io.sonde.p4programs.capture.CaptureBytes.obsoletePacket;
import static io.sonde.p4programs.capture.CaptureBytes.pcapHeader;
import static io.sonde.p4programs.capture.CaptureBytes.pcapRecord;
import static io.sonde.p4programs.capture.CaptureBytes.sectionHeader;
import static io.sonde.p4programs.capture.CaptureBytes.simplePacket;
import static io.sonde.p4programs.capture.CaptureBytes.tsresol;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A capture cut at any byte (a capture still being written, a copy that ran out of disk)
 * must give every frame that ends before the cut, then either a clean end (cut between
 * records) or TRUNCATED, and never an unchecked exception.
 */
class CaptureTruncationTests {

	@Test
	void classicPcapCutAtEveryByte() throws Exception {
		ByteOrder order = ByteOrder.BIG_ENDIAN;
		List<byte[]> parts = List.of(pcapHeader(order, true, 1000, 1),
				pcapRecord(order, 1, 1, 14, 14, frameBytes(14, 1)), pcapRecord(order, 2, 2, 0, 0, new byte[0]),
				pcapRecord(order, 3, 3, 33, 60, frameBytes(33, 3)));

		assertEveryCutYieldsTheFramesBeforeIt(parts, List.of(false, true, true, true));
	}

	@Test
	void pcapngCutAtEveryByte() throws Exception {
		ByteOrder little = ByteOrder.LITTLE_ENDIAN;
		ByteOrder big = ByteOrder.BIG_ENDIAN;
		List<byte[]> parts = List.of(sectionHeader(little), interfaceDescription(little, 1, 0, tsresol(little, 9)),
				enhancedPacket(little, 0, 5, frameBytes(7, 1), 7), block(little, CaptureBytes.ISB, new byte[12]),
				simplePacket(little, 5, frameBytes(5, 2)), sectionHeader(big), interfaceDescription(big, 101, 0),
				obsoletePacket(big, 0, 9, frameBytes(9, 3), 9));

		assertEveryCutYieldsTheFramesBeforeIt(parts, List.of(false, false, true, false, true, false, false, true));
	}

	/**
	 * @param parts the file, record by record or block by block
	 * @param carriesFrame which parts hold a frame
	 */
	private static void assertEveryCutYieldsTheFramesBeforeIt(List<byte[]> parts, List<Boolean> carriesFrame)
			throws Exception {
		byte[] file = concat(parts.toArray(byte[][]::new));
		List<Integer> partEnds = new ArrayList<>();
		int end = 0;
		for (byte[] part : parts) {
			end += part.length;
			partEnds.add(end);
		}
		List<CapturedFrame> all = CaptureFrames.readAll(file);
		for (int cut = 0; cut <= file.length; cut++) {
			byte[] prefix = Arrays.copyOf(file, cut);
			int completeFrames = 0;
			boolean atPartBoundary = cut == 0;
			for (int i = 0; i < parts.size(); i++) {
				if (partEnds.get(i) <= cut && carriesFrame.get(i)) {
					completeFrames++;
				}
				atPartBoundary |= partEnds.get(i) == cut;
			}

			CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(prefix);

			assertThat(outcome.frames()).as("frames of a file cut at byte %d", cut).hasSize(completeFrames);
			for (int i = 0; i < completeFrames; i++) {
				assertThat(outcome.frames().get(i).data()).isEqualTo(all.get(i).data());
				assertThat(outcome.frames().get(i).timestamp()).isEqualTo(all.get(i).timestamp());
			}
			if (cut == 0) {
				assertThat(outcome.failure().reason()).isEqualTo(Reason.NOT_A_CAPTURE);
			}
			else if (atPartBoundary && cut >= partEnds.get(0)) {
				assertThat(outcome.failure()).as("a file cut between records at byte %d", cut).isNull();
			}
			else {
				assertThat(outcome.failure()).as("a file cut inside a record at byte %d", cut).isNotNull();
				assertThat(outcome.failure().reason()).isEqualTo(Reason.TRUNCATED);
				assertThat(outcome.failure().offset()).isLessThan(cut);
			}
		}
	}

}
