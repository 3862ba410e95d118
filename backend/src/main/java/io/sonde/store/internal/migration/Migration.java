package io.sonde.store.internal.migration;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One versioned schema file from db-migrations/: {@code V<version>__<description>.<ext>}.
 * The checksum lets a later start notice that an applied file was edited afterwards.
 */
record Migration(int version, String description, String script, String checksum) {

	private static final Pattern FILE_NAME = Pattern.compile("V(\\d+)__([A-Za-z0-9_]+)\\.[a-z]+");

	static Migration parse(String fileName, String script) {
		Matcher matcher = FILE_NAME.matcher(fileName);
		if (!matcher.matches()) {
			throw new IllegalStateException(
					"migration file name must look like V1__what_it_does.sql, got '" + fileName + "'");
		}
		int version = Integer.parseInt(matcher.group(1));
		String description = matcher.group(2).replace('_', ' ');
		return new Migration(version, description, script, sha256(script));
	}

	private static String sha256(String text) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JDK", ex);
		}
	}

	String label() {
		return "V" + this.version + " (" + this.description + ")";
	}

}
