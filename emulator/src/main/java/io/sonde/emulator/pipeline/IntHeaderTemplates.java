package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdHeader;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.IntShim;
import io.sonde.p4programs.codec.IntVersion;

/**
 * The 16 bytes {@code insert_int} writes (shim NPT 0, Length 3, and the v2 MD header with
 * no flags and the default domain), encoded with {@link IntMdCodec} once per distinct
 * {@code (instructions, hop_ml, remaining_hop_count)} and copied into each packet; only
 * shim byte 3, the original DSCP, differs per packet.
 */
final class IntHeaderTemplates {

	/** Offset of Hop ML in the template: shim 4 + MD byte 2. */
	private static final int HOP_ML_OFFSET = 6;

	/** Watchlists are small; past this many distinct actions the cache starts over. */
	private static final int MAX_TEMPLATES = 1024;

	private IntIndexMap index = new IntIndexMap();

	private final List<byte[]> templates = new ArrayList<>();

	private int lastKey = -1;

	private byte[] last;

	byte[] template(IntInsertion action) {
		int key = (action.instructions() << 13) | (action.hopMl() << 8) | action.remainingHopCount();
		if (key != this.lastKey) {
			int slot = this.index.get(key);
			if (slot < 0) {
				if (this.templates.size() == MAX_TEMPLATES) {
					this.index = new IntIndexMap();
					this.templates.clear();
				}
				slot = this.templates.size();
				this.templates.add(encode(action));
				this.index.put(key, slot);
			}
			this.lastKey = key;
			this.last = this.templates.get(slot);
		}
		return this.last;
	}

	private static byte[] encode(IntInsertion action) {
		try {
			return encode(action.instructions(), action.hopMl(), action.remainingHopCount());
		}
		catch (IllegalArgumentException hopMlTooSmall) {
			// insert_int writes hop_ml as the entry says even when it is smaller than
			// the bitmap's items (transit then adds nothing); the codec refuses to
			// encode such a header, so it encodes the largest Hop ML and the entry's
			// value is put back.
			byte[] template = encode(action.instructions(), 0x1F, action.remainingHopCount());
			template[HOP_ML_OFFSET] = (byte) action.hopMl();
			return template;
		}
	}

	private static byte[] encode(int instructions, int hopMl, int remainingHopCount) {
		IntMdPacket header = IntMdPacket.build(IntVersion.V2_1, IntShim.v2(IntWire.INT_NPT_DSCP, 0),
				IntMdHeader.v2(instructions, hopMl, remainingHopCount), List.of(), List.of(), null);
		return IntMdCodec.encode(header);
	}

}
