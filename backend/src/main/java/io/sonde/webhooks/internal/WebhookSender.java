package io.sonde.webhooks.internal;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;

import io.netty.channel.ChannelOption;
import io.sonde.webhooks.DestinationRefused;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.client.HttpClient;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * One HTTP attempt of a delivery through WebClient. Every URL, the first and each
 * redirect's Location, passes the guard before a request; the client resolves names only
 * through the guard too, and follows no redirect by itself.
 */
final class WebhookSender {

	private final WebClient client;

	private final DestinationGuard guard;

	private final int maxRedirects;

	private final Clock clock;

	WebhookSender(DestinationGuard guard, WebhooksProperties properties, Clock clock) {
		HttpClient http = HttpClient.create()
			.resolver(new GuardedAddressResolverGroup(guard))
			.followRedirect(false)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) properties.connectTimeout().toMillis())
			.responseTimeout(properties.readTimeout());
		this.client = WebClient.builder().clientConnector(new ReactorClientHttpConnector(http)).build();
		this.guard = guard;
		this.maxRedirects = properties.maxRedirects();
		this.clock = clock;
	}

	/**
	 * Posts {@code body} with {@code headers}; never fails, the outcome says how it went.
	 */
	Mono<AttemptOutcome> send(URI url, Map<String, String> headers, String body) {
		long started = System.nanoTime();
		return attempt(url, headers, body, this.maxRedirects).map((answer) -> answer.outcome(elapsedMs(started)))
			.onErrorResume((ex) -> Mono.just(failure(ex, elapsedMs(started))));
	}

	private Mono<Answer> attempt(URI url, Map<String, String> headers, String body, int redirectsLeft) {
		// DNS answers block: the check runs off the event loop.
		return Mono.fromCallable(() -> this.guard.check(url))
			.subscribeOn(Schedulers.boundedElastic())
			.then(this.client.post()
				.uri(url)
				.contentType(MediaType.APPLICATION_JSON)
				.headers((h) -> headers.forEach(h::set))
				.bodyValue(body)
				.exchangeToMono((response) -> answer(url, response))
				.flatMap((answer) -> {
					if (answer.location() == null) {
						return Mono.just(answer);
					}
					if (redirectsLeft == 0) {
						return Mono.just(new Answer(answer.status(), null, null, "too many redirects"));
					}
					return attempt(url.resolve(answer.location()), headers, body, redirectsLeft - 1);
				}));
	}

	private Mono<Answer> answer(URI url, ClientResponse response) {
		int status = response.statusCode().value();
		HttpHeaders headers = response.headers().asHttpHeaders();
		String location = (status >= 300 && status < 400) ? headers.getFirst(HttpHeaders.LOCATION) : null;
		Duration retryAfter = retryAfter(headers.getFirst(HttpHeaders.RETRY_AFTER));
		String error = (status >= 200 && status < 300) || location != null ? null
				: "HTTP " + status + " from " + url.getHost();
		return response.releaseBody().thenReturn(new Answer(status, location, retryAfter, error));
	}

	/** Retry-After as seconds or as an HTTP date; null when absent or unreadable. */
	Duration retryAfter(String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		String trimmed = value.trim();
		if (trimmed.matches("\\d{1,9}")) {
			return Duration.ofSeconds(Long.parseLong(trimmed));
		}
		try {
			Instant at = ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
			Duration wait = Duration.between(this.clock.instant(), at);
			return wait.isNegative() ? Duration.ZERO : wait;
		}
		catch (DateTimeParseException ex) {
			return null;
		}
	}

	private static AttemptOutcome failure(Throwable ex, long latencyMs) {
		Throwable cause = ex;
		while (cause != null) {
			if (cause instanceof DestinationRefused refused) {
				return new AttemptOutcome(0, null, latencyMs, refused.getMessage(), true);
			}
			cause = cause.getCause();
		}
		String message = (ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName();
		return new AttemptOutcome(0, null, latencyMs, message, false);
	}

	private static long elapsedMs(long startedNanos) {
		return (System.nanoTime() - startedNanos) / 1_000_000;
	}

	/** A receiver's answer before latency is known. */
	private record Answer(int status, String location, Duration retryAfter, String error) {

		AttemptOutcome outcome(long latencyMs) {
			return new AttemptOutcome(this.status, this.retryAfter, latencyMs, this.error, false);
		}

	}

}
