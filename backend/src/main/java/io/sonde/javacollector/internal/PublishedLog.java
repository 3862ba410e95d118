package io.sonde.javacollector.internal;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The published log ({@code sonde.ingest.udp.published-log}): one line per events entry
 * Redis acknowledged, for a soak test or an audit to know by origin what this collector
 * published. Each line goes out in one write(2) on a file opened for appending, with no
 * buffer in between, so a SIGKILL of the collector loses no line of an entry Redis had
 * acknowledged. The line, as the XDP daemon's {@code --published-log} writes it:
 * {@code KIND ID ORIGIN COUNT SEQS ACKED_MS}, KIND {@code published} or
 * {@code republished}, ORIGIN {@code java/<node>/udp/<run>}, SEQS the events' seqs as
 * runs ({@code 1-256}), ACKED_MS the wall-clock ms of the reply.
 */
final class PublishedLog implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(PublishedLog.class);

	/** No log: nothing written. */
	static final PublishedLog NONE = new PublishedLog(null, null);

	private final Path path;

	private final FileOutputStream out;

	private boolean failed;

	private PublishedLog(Path path, FileOutputStream out) {
		this.path = path;
		this.out = out;
	}

	/** Appends to {@code path}; {@link #NONE} when it is blank. */
	static PublishedLog open(String path) {
		if (path == null || path.isBlank()) {
			return NONE;
		}
		try {
			return new PublishedLog(Path.of(path), new FileOutputStream(path, true));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("udp collector: cannot open the published log " + path, ex);
		}
	}

	/** One line; a failure is logged once and the collector goes on. */
	synchronized void append(String kind, PublishedEntry entry, long ackedMillis) {
		if (this.out == null) {
			return;
		}
		String line = kind + ' ' + entry.id() + ' ' + entry.origin() + ' ' + entry.count() + ' ' + entry.seqs() + ' '
				+ ackedMillis + '\n';
		try {
			// FileOutputStream.write is one write(2): nothing is held back in the JVM.
			this.out.write(line.getBytes(StandardCharsets.US_ASCII));
		}
		catch (IOException ex) {
			if (!this.failed) {
				this.failed = true;
				log.warn("udp collector: writing the published log {} failed: {}", this.path, ex.getMessage());
			}
		}
	}

	@Override
	public synchronized void close() {
		if (this.out == null) {
			return;
		}
		try {
			this.out.close();
		}
		catch (IOException ex) {
			log.warn("udp collector: closing the published log {} failed: {}", this.path, ex.getMessage());
		}
	}

}
