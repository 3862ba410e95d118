package io.sonde.testsupport;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A named pipe that tells whether anyone opened it. A thread of the test opens it for
 * writing, which blocks until a reader opens it: {@link #openedWithin} answers true the
 * moment anything (the code under test) opens the path for reading. Looking the path up,
 * reading its attributes or resolving a link to it opens nothing and leaves it false.
 * Even root, whom no file permission stops, cannot read it unnoticed.
 */
public final class OpenedFileTrap implements AutoCloseable {

	private final Path path;

	private final CountDownLatch opened = new CountDownLatch(1);

	private volatile boolean released;

	private final Thread writer;

	private OpenedFileTrap(Path path) {
		this.path = path;
		this.writer = new Thread(this::waitForAReader, "opened-file-trap");
		this.writer.setDaemon(true);
	}

	/** Makes the pipe at {@code path} (mkfifo) and starts waiting for a reader. */
	public static OpenedFileTrap at(Path path) {
		try {
			Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
			String output = new String(mkfifo.getInputStream().readAllBytes());
			if (mkfifo.waitFor() != 0) {
				throw new IllegalStateException("mkfifo " + path + " failed: " + output);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot run mkfifo", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted making " + path, ex);
		}
		OpenedFileTrap trap = new OpenedFileTrap(path);
		trap.writer.start();
		return trap;
	}

	public Path path() {
		return this.path;
	}

	/**
	 * Whether something other than this trap opened the pipe by {@code wait} from now: an
	 * open the code under test made just before is seen at once; the wait only covers the
	 * writer thread's wake-up, so a false answer takes the whole wait.
	 */
	public boolean openedWithin(Duration wait) {
		try {
			return this.opened.await(wait.toMillis(), TimeUnit.MILLISECONDS) && !this.released;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/**
	 * Releases the waiting writer (by opening the pipe here) and removes the pipe.
	 */
	@Override
	public void close() {
		if (this.opened.getCount() > 0) {
			this.released = true;
			try (FileInputStream release = new FileInputStream(this.path.toFile())) {
				this.opened.await(10, TimeUnit.SECONDS);
			}
			catch (IOException ex) {
				throw new IllegalStateException("cannot release the trap at " + this.path, ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		try {
			this.writer.join(10_000);
			Files.deleteIfExists(this.path);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot remove " + this.path, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void waitForAReader() {
		// The open blocks until a reader opens the other end; writing nothing and closing
		// gives that reader an empty file.
		try (FileOutputStream end = new FileOutputStream(this.path.toFile())) {
			this.opened.countDown();
		}
		catch (IOException ex) {
			this.opened.countDown();
		}
	}

}
