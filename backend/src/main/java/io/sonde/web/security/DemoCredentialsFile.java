package io.sonde.web.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes demo credentials as {@code key=value} lines a shell can source (scripts/demo.sh
 * does). The file is created owner-only (0600) before any secret is written, and replaces
 * an older one atomically, so no reader ever sees a half-written or world-readable file.
 */
final class DemoCredentialsFile {

	static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

	private DemoCredentialsFile() {
	}

	static void write(Path file, DemoCredentials credentials, int port) throws IOException {
		Path target = file.toAbsolutePath();
		Path directory = target.getParent();
		Files.createDirectories(directory);
		Path temporary = Files.createTempFile(directory, "." + target.getFileName(), ".tmp", ownerOnly());
		try {
			Files.writeString(temporary, content(credentials, port), StandardCharsets.UTF_8);
			Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

	private static String content(DemoCredentials credentials, int port) {
		return """
				# Sonde demo credentials, generated at start; valid while this service runs.
				dashboard_user=%s
				dashboard_password=%s
				api_token=%s
				operator_token=%s
				viewer_token=%s
				dashboard_url=http://localhost:%d/
				""".formatted(credentials.username(), credentials.password(), credentials.apiToken(),
				credentials.operatorToken(), credentials.viewerToken(), port);
	}

	private static FileAttribute<?>[] ownerOnly() {
		if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
			return new FileAttribute<?>[] { PosixFilePermissions.asFileAttribute(OWNER_ONLY) };
		}
		return new FileAttribute<?>[0];
	}

}
