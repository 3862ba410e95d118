package io.sonde.emulator.state;

import java.util.List;

import io.sonde.p4runtime.info.MatchFieldInfo;

/**
 * Where each match field of a table sits in a lookup key: fields in P4Info order, each
 * right-aligned in {@link Words#wordsFor} words. An IPv4 address takes one word, an IPv6
 * address two.
 */
final class KeyLayout {

	private final List<MatchFieldInfo> fields;

	private final int[] offsets;

	private final int[] words;

	private final long[] widthMask;

	private final int totalWords;

	KeyLayout(List<MatchFieldInfo> fields) {
		this.fields = List.copyOf(fields);
		this.offsets = new int[fields.size()];
		this.words = new int[fields.size()];
		int total = 0;
		for (int i = 0; i < fields.size(); i++) {
			this.offsets[i] = total;
			this.words[i] = Words.wordsFor(fields.get(i).bitwidth());
			total += this.words[i];
		}
		this.totalWords = total;
		this.widthMask = new long[total];
		for (int i = 0; i < fields.size(); i++) {
			int bitwidth = fields.get(i).bitwidth();
			if (bitwidth > 0) {
				Words.writeWidthMask(bitwidth, this.widthMask, this.offsets[i], this.words[i]);
			}
		}
	}

	List<MatchFieldInfo> fields() {
		return this.fields;
	}

	int fieldCount() {
		return this.fields.size();
	}

	/** Position of the field with this P4Info id, -1 if the table has none. */
	int indexOf(int fieldId) {
		for (int i = 0; i < this.fields.size(); i++) {
			if (this.fields.get(i).id() == fieldId) {
				return i;
			}
		}
		return -1;
	}

	int offset(int fieldIndex) {
		return this.offsets[fieldIndex];
	}

	int words(int fieldIndex) {
		return this.words[fieldIndex];
	}

	int totalWords() {
		return this.totalWords;
	}

	/** Every bit of every field set: what an exact match on all fields compares. */
	long[] widthMask() {
		return this.widthMask.clone();
	}

}
