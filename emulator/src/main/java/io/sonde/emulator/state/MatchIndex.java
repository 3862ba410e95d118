package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An immutable search structure over a table's entries, rebuilt by the (single) writer
 * and published to the data plane through a volatile field, so lookups take no lock and
 * allocate nothing. Which structure depends on the table's match kinds:
 * <ul>
 * <li>only exact fields: one hash table;</li>
 * <li>exact fields and one LPM field: one hash table per prefix length, probed from the
 * longest prefix down (the first hit is the longest match);</li>
 * <li>any ternary, range or optional field: a scan in priority order (higher first, spec
 * §9.1), where equal priorities keep insertion order so lookups are deterministic.</li>
 * </ul>
 */
interface MatchIndex {

	/** The matching entry, or {@code null} on a miss. */
	InstalledEntry find(long[] key);

	MatchIndex EMPTY = (key) -> null;

	/** Picks the structure for a table of this shape. */
	static MatchIndex build(TableShape shape, long[] widthMask, Collection<InstalledEntry> entries) {
		if (entries.isEmpty()) {
			return EMPTY;
		}
		return switch (shape) {
			case EXACT -> new WordHashTable(widthMask, entries);
			case LPM -> LongestPrefixIndex.of(entries);
			case SCAN -> new PriorityScan(entries);
			case KEYLESS -> EMPTY;
		};
	}

	/** The lookup structure a table's match kinds call for. */
	enum TableShape {

		KEYLESS, EXACT, LPM, SCAN

	}

	/** Hash tables per prefix length, longest first. */
	final class LongestPrefixIndex implements MatchIndex {

		private final WordHashTable[] byPrefix;

		private LongestPrefixIndex(WordHashTable[] byPrefix) {
			this.byPrefix = byPrefix;
		}

		static LongestPrefixIndex of(Collection<InstalledEntry> entries) {
			Map<Integer, List<InstalledEntry>> groups = new TreeMap<>(Comparator.reverseOrder());
			for (InstalledEntry entry : entries) {
				groups.computeIfAbsent(entry.prefixLength(), (p) -> new ArrayList<>()).add(entry);
			}
			List<WordHashTable> tables = new ArrayList<>();
			for (List<InstalledEntry> group : groups.values()) {
				// All entries of a group share one mask: the exact fields
				// plus the prefix.
				tables.add(new WordHashTable(group.get(0).mask(), group));
			}
			return new LongestPrefixIndex(tables.toArray(new WordHashTable[0]));
		}

		@Override
		public InstalledEntry find(long[] key) {
			for (WordHashTable table : this.byPrefix) {
				InstalledEntry hit = table.find(key);
				if (hit != null) {
					return hit;
				}
			}
			return null;
		}

	}

	/** Entries in lookup order: priority descending, then oldest first. */
	final class PriorityScan implements MatchIndex {

		private final InstalledEntry[] ordered;

		PriorityScan(Collection<InstalledEntry> entries) {
			this.ordered = entries.stream()
				.sorted(Comparator.comparingInt(InstalledEntry::priority)
					.reversed()
					.thenComparingLong(InstalledEntry::sequence))
				.toArray(InstalledEntry[]::new);
		}

		@Override
		public InstalledEntry find(long[] key) {
			for (InstalledEntry entry : this.ordered) {
				if (entry.matches(key)) {
					return entry;
				}
			}
			return null;
		}

	}

}
