package io.sonde.ingest.internal;

/** Redis stream entry ids ({@code <ms>-<seq>}) compared as Redis orders them. */
final class StreamIds {

	private StreamIds() {
	}

	/** The later of two ids; {@code current} may be null. */
	static String newer(String current, String candidate) {
		if (current == null) {
			return candidate;
		}
		return (compare(candidate, current) > 0) ? candidate : current;
	}

	static int compare(String a, String b) {
		int dashA = a.indexOf('-');
		int dashB = b.indexOf('-');
		long msA = Long.parseLong((dashA < 0) ? a : a.substring(0, dashA));
		long msB = Long.parseLong((dashB < 0) ? b : b.substring(0, dashB));
		if (msA != msB) {
			return Long.compare(msA, msB);
		}
		long seqA = (dashA < 0) ? 0 : Long.parseLong(a.substring(dashA + 1));
		long seqB = (dashB < 0) ? 0 : Long.parseLong(b.substring(dashB + 1));
		return Long.compare(seqA, seqB);
	}

}
