package io.sonde.switches.internal.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import io.sonde.switches.SwitchDeviceRejected;

/**
 * The one directory TLS files of switches are read from
 * ({@code sonde.switches.tls-directory}). A name is judged by its path alone, before
 * anything is opened: it must lie in the directory once normalised and once every
 * symbolic link is resolved, so neither {@code ../x}, an absolute path elsewhere, nor a
 * link in the directory pointing out of it ever reaches an open. Whoever can write the
 * directory chooses what switches are trusted: it is configuration, not input.
 */
public final class TlsDirectory {

	/** Largest TLS file read: a CA bundle fits many times over. */
	static final int MAX_BYTES = 1 << 20;

	private final Path configured;

	private final Path real;

	private TlsDirectory(Path configured, Path real) {
		this.configured = configured;
		this.real = real;
	}

	/** No directory: only PEM text in the registration is accepted. */
	public static TlsDirectory none() {
		return new TlsDirectory(null, null);
	}

	/**
	 * @throws IllegalStateException if {@code directory} is not an existing directory
	 * (the start stops: a misconfigured directory would refuse every TLS switch later)
	 */
	public static TlsDirectory of(Path directory) {
		Path configured = directory.toAbsolutePath().normalize();
		try {
			Path real = configured.toRealPath();
			if (!Files.isDirectory(real)) {
				throw new IllegalStateException("sonde.switches.tls-directory " + configured + " is not a directory");
			}
			return new TlsDirectory(configured, real);
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"sonde.switches.tls-directory " + configured + " cannot be used: " + ex.getClass().getSimpleName(),
					ex);
		}
	}

	public boolean isConfigured() {
		return this.configured != null;
	}

	/** The directory as configured (absolute); null when none is. */
	public Path path() {
		return this.configured;
	}

	/**
	 * Reads the file {@code name} names, after {@link #locate} has placed it in the
	 * directory; only a regular file of at most {@value #MAX_BYTES} bytes is opened.
	 * @param field the registration's field, named in every refusal
	 * @throws SwitchDeviceRejected if the name is outside the directory, names no regular
	 * file there, or the file cannot be read; the message never carries the name's
	 * content nor the file's
	 */
	byte[] read(String field, String name) {
		Path file = locate(field, name);
		BasicFileAttributes attributes;
		try {
			attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		}
		catch (IOException ex) {
			throw refused(field, "cannot be read in the TLS directory " + this.configured + " ("
					+ ex.getClass().getSimpleName() + ")");
		}
		if (!attributes.isRegularFile()) {
			throw refused(field, "names no regular file in the TLS directory " + this.configured);
		}
		if (attributes.size() > MAX_BYTES) {
			throw refused(field, "names a file larger than " + MAX_BYTES + " bytes");
		}
		try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
			byte[] content = in.readNBytes(MAX_BYTES + 1);
			if (content.length > MAX_BYTES) {
				throw refused(field, "names a file larger than " + MAX_BYTES + " bytes");
			}
			return content;
		}
		catch (AccessDeniedException ex) {
			throw refused(field, "names a file in the TLS directory that Sonde may not read");
		}
		catch (IOException ex) {
			throw refused(field, "cannot be read in the TLS directory " + this.configured + " ("
					+ ex.getClass().getSimpleName() + ")");
		}
	}

	/**
	 * Where {@code name} points once inside the directory, every link resolved; nothing
	 * is opened (resolving links reads directories and links, never a file's content).
	 */
	Path locate(String field, String name) {
		if (this.configured == null) {
			throw refused(field, "is not PEM text (-----BEGIN ...), and no TLS directory is configured "
					+ "(sonde.switches.tls-directory) to read a file from");
		}
		Path candidate;
		try {
			candidate = this.configured.resolve(name).normalize();
		}
		catch (InvalidPathException ex) {
			throw refused(field, "is neither PEM text nor a file name");
		}
		if (!candidate.startsWith(this.configured) || candidate.equals(this.configured)) {
			throw outside(field);
		}
		Path resolved;
		try {
			resolved = candidate.toRealPath();
		}
		catch (NoSuchFileException ex) {
			throw refused(field, "names no file in the TLS directory " + this.configured);
		}
		catch (IOException | UncheckedIOException ex) {
			throw refused(field, "cannot be resolved in the TLS directory " + this.configured + " ("
					+ ex.getClass().getSimpleName() + ")");
		}
		if (!resolved.startsWith(this.real) || resolved.equals(this.real)) {
			throw outside(field);
		}
		return resolved;
	}

	private SwitchDeviceRejected outside(String field) {
		return refused(field, "is outside the TLS directory " + this.configured
				+ " (sonde.switches.tls-directory): give a file name in it, or the PEM text");
	}

	private static SwitchDeviceRejected refused(String field, String message) {
		return new SwitchDeviceRejected(field, message);
	}

}
