package io.sonde.emulator.state;

import java.util.List;

import p4.v1.FieldMatch;

/**
 * What identifies a table entry (spec §9.1): its canonical match fields, sorted by field
 * id, and its priority. Equal keys are equal messages because values are canonical.
 */
record EntryKey(List<FieldMatch> match, int priority) {

	EntryKey {
		match = List.copyOf(match);
	}

}
