package io.sonde.e2e.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The collector's published log (docs/OPERATIONS.md, "The Java collector"): one line per
 * entry Redis acknowledged, {@code KIND ID ORIGIN COUNT SEQS ACKED_MS}, SEQS as runs like
 * {@code 1-13,15}. What the collector published is every event origin of every line.
 */
final class PublishedLog {

	private final Path file;

	PublishedLog(Path file) {
		this.file = file;
	}

	/** Every event origin published, once each (re-published lines repeat origins). */
	Set<String> origins() {
		Set<String> origins = new LinkedHashSet<>();
		for (String[] line : lines()) {
			for (long seq : seqs(line[4])) {
				origins.add(line[2] + "/" + seq);
			}
		}
		return origins;
	}

	/** Entries published again after Redis lost them. */
	long republishedEntries() {
		return lines().stream().filter((line) -> line[0].equals("republished")).count();
	}

	/**
	 * The first event of the first entry Redis acknowledged at or after {@code millis}.
	 */
	Optional<String> firstOriginAckedSince(long millis) {
		for (String[] line : lines()) {
			if (Long.parseLong(line[5]) >= millis) {
				return Optional.of(line[2] + "/" + seqs(line[4]).get(0));
			}
		}
		return Optional.empty();
	}

	private List<String[]> lines() {
		if (!Files.exists(this.file)) {
			return List.of();
		}
		try {
			String text = Files.readString(this.file);
			// A line being appended while we read has no newline yet: left for
			// the next read.
			return text.substring(0, text.lastIndexOf('\n') + 1)
				.lines()
				.map((line) -> line.split(" "))
				.filter((fields) -> fields.length == 6)
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static List<Long> seqs(String runs) {
		List<Long> seqs = new ArrayList<>();
		for (String run : runs.split(",")) {
			int dash = run.indexOf('-');
			long first = Long.parseLong((dash < 0) ? run : run.substring(0, dash));
			long last = (dash < 0) ? first : Long.parseLong(run.substring(dash + 1));
			for (long seq = first; seq <= last; seq++) {
				seqs.add(seq);
			}
		}
		return seqs;
	}

}
