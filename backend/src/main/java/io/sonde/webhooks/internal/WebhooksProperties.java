package io.sonde.webhooks.internal;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.webhooks.*}: delivery and the request-forgery guard. Defaults in code; a
 * bad value stops the start with a message naming the property.
 *
 * @param allowedDestinations CIDRs the guard lets through although they are loopback,
 * private, link-local... (tests and the demo: {@code 127.0.0.1/32}); empty by default
 * @param connectTimeout TCP connect timeout (default 2s)
 * @param readTimeout the longest wait for the receiver's answer (default 10s)
 * @param maxAttempts attempts per delivery before it becomes a dead letter (default 6)
 * @param initialBackoff the back-off cap of the first retry; doubles per attempt, full
 * jitter (default 1s)
 * @param maxBackoff the back-off cap's ceiling (default 5m)
 * @param maxRetryAfter the longest Retry-After honoured (default 1h); longer ones wait
 * this
 * @param maxRedirects Location headers followed, each checked by the guard (default 3)
 * @param logSize deliveries kept per subscription (default 200)
 * @param deadLetterSize dead letters kept (default 1000)
 * @param externalUrl the dashboard's URL, written as Alertmanager's {@code externalURL}
 * and in generator URLs (default {@code http://127.0.0.1:8080})
 */
@ConfigurationProperties("sonde.webhooks")
public record WebhooksProperties(@DefaultValue List<String> allowedDestinations,
		@DefaultValue("2s") Duration connectTimeout, @DefaultValue("10s") Duration readTimeout,
		@DefaultValue("6") int maxAttempts, @DefaultValue("1s") Duration initialBackoff,
		@DefaultValue("5m") Duration maxBackoff, @DefaultValue("1h") Duration maxRetryAfter,
		@DefaultValue("3") int maxRedirects, @DefaultValue("200") int logSize, @DefaultValue("1000") int deadLetterSize,
		@DefaultValue("http://127.0.0.1:8080") String externalUrl) {

	public WebhooksProperties {
		allowedDestinations = List.copyOf(allowedDestinations);
		positive("connect-timeout", connectTimeout);
		positive("read-timeout", readTimeout);
		positive("initial-backoff", initialBackoff);
		positive("max-backoff", maxBackoff);
		positive("max-retry-after", maxRetryAfter);
		within("max-attempts", maxAttempts, 1, 100);
		within("max-redirects", maxRedirects, 0, 10);
		within("log-size", logSize, 1, 100_000);
		within("dead-letter-size", deadLetterSize, 1, 1_000_000);
	}

	private static void positive(String name, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException("sonde.webhooks." + name + " must be positive, was " + value);
		}
	}

	private static void within(String name, int value, int min, int max) {
		if (value < min || value > max) {
			throw new IllegalArgumentException(
					"sonde.webhooks." + name + " must be in " + min + ".." + max + ", was " + value);
		}
	}

}
