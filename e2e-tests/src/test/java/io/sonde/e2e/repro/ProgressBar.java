package io.sonde.e2e.repro;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * A one-line progress bar on standard error, redrawn in place: steps done of all, what
 * runs now, time spent and an estimate of the time left (from the mean step so far, so
 * rough while the steps differ in length). Standard output keeps only the results.
 */
public final class ProgressBar {

	private static final int WIDTH = 30;

	private final PrintStream out;

	private final int total;

	private final long startNanos;

	private int done;

	public ProgressBar(PrintStream out, int total) {
		if (total < 1) {
			throw new IllegalArgumentException("a progress bar needs at least one step, got " + total);
		}
		this.out = out;
		this.total = total;
		this.startNanos = System.nanoTime();
	}

	/** Shows that {@code what} is running now. */
	public void running(String what) {
		draw(what);
	}

	/** One more step done. */
	public void stepDone() {
		this.done = Math.min(this.total, this.done + 1);
		draw("");
	}

	/** Ends the line. */
	public void finish() {
		draw("done");
		this.out.println();
		this.out.flush();
	}

	public int done() {
		return this.done;
	}

	private void draw(String what) {
		long elapsed = System.nanoTime() - this.startNanos;
		int filled = (int) ((long) WIDTH * this.done / this.total);
		String eta = (this.done == 0) ? "?" : clock(Duration.ofNanos(elapsed / this.done * (this.total - this.done)));
		String line = String.format(Locale.ROOT, "\r[%s%s] %d/%d %s, %s left: %-48s", "#".repeat(filled),
				".".repeat(WIDTH - filled), this.done, this.total, clock(Duration.ofNanos(elapsed)), eta,
				(what.length() > 48) ? what.substring(0, 48) : what);
		this.out.print(line);
		this.out.flush();
	}

	public static String clock(Duration duration) {
		long seconds = duration.toSeconds();
		return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
	}

}
