package io.sonde.web.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * The generated demo login and token ({@code sonde.security.demo-credentials-file}). The
 * file is written as soon as the credentials exist when the port is configured, so it is
 * there before the service answers; with a random port (0) it is written once the web
 * server knows its port.
 */
final class DemoAccount implements ApplicationListener<WebServerInitializedEvent> {

	private static final Logger log = LoggerFactory.getLogger(DemoAccount.class);

	private final Path file;

	private final DemoCredentials credentials;

	private int writtenForPort;

	DemoAccount(Path file, DemoCredentials credentials, int configuredPort) {
		this.file = file;
		this.credentials = credentials;
		if (configuredPort > 0) {
			write(configuredPort);
		}
	}

	DemoCredentials credentials() {
		return this.credentials;
	}

	@Override
	public void onApplicationEvent(WebServerInitializedEvent event) {
		// A separate management server has a namespace; the dashboard is on the main one.
		boolean mainServer = event.getApplicationContext().getServerNamespace() == null;
		int port = event.getWebServer().getPort();
		if (mainServer && port > 0 && port != this.writtenForPort) {
			write(port);
		}
	}

	private void write(int port) {
		try {
			DemoCredentialsFile.write(this.file, this.credentials, port);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the demo credentials to " + this.file.toAbsolutePath(), ex);
		}
		this.writtenForPort = port;
		log.info("Demo login (user '{}') and API token written to {} (readable by its owner only)",
				this.credentials.username(), this.file.toAbsolutePath());
	}

}
