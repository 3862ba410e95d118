package io.sonde.e2e;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.SondeApplication;
import io.sonde.e2e.support.LiveFabric;
import io.sonde.e2e.support.StandardWebhooks;
import io.sonde.e2e.support.TestService;
import io.sonde.e2e.support.WebhookReceiver;
import io.sonde.emulator.control.EmulatorControlClient;
import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.run.LinkStatus;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/**
 * The acceptance scenario: on an emulated FatTree(2) (real P4Runtime servers, traffic
 * across it, port counters polled every 500 ms) a rule watches {@code link.loss_ratio}
 * and a subscription sends its alerts, in Alertmanager's format, to a receiver on
 * 127.0.0.1. The busiest switch-to-switch link starts dropping 30 % of its frames through
 * the emulator's HTTP control: within 10 s the receiver gets a firing webhook whose
 * Standard Webhooks signature it verifies with the subscription's secret; when the link
 * is cleared, a resolved webhook for the same alert arrives, signed too.
 */
@SpringBootTest(classes = SondeApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sonde.switches.heartbeat=500ms", "sonde.switches.registry-refresh=1s",
				"sonde.switches.probe-interval=1h", "sonde.switches.polling-interval=500ms",
				"sonde.webhooks.allowed-destinations=127.0.0.1/32" })
// The context closes with the class: cached, it would keep retrying the class's Redis
// and dialling its switches.
@DirtiesContext
class LinkLossWebhookIntegrationTests {

	private static final Duration FIRES_WITHIN = Duration.ofSeconds(10);

	/** Two polling rounds, an evaluation and a group interval, on loaded cores. */
	private static final Duration RESOLVES_WITHIN = Duration.ofSeconds(30);

	private static final RedisServerProcess redis = RedisServerProcess.start();

	private static final LiveFabric fabric = new LiveFabric();

	private static final EmulatorControlServer control = EmulatorControlServer.start(fabric.network(), 0);

	private static final WebhookReceiver receiver = startReceiver();

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	static Path temporary;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void isolatedService(DynamicPropertyRegistry properties) {
		TestService.register(properties, temporary, redis::port);
		ApiCaller.registerTokens(properties);
	}

	@AfterAll
	static void stopEverything() {
		receiver.close();
		control.close();
		fabric.close();
		redis.stop();
	}

	@Test
	void aLinkLosingFramesFiresASignedWebhookWithinTenSecondsAndItsHealingResolvesIt() throws Exception {
		ApiCaller api = new ApiCaller(this.port);
		fabric.importAndRegister(api, temporary);
		fabric.startTraffic(400);
		EmulatorControlClient emulator = EmulatorControlClient.onPort(control.port());
		LinkStatus busiest = busiestSwitchLink(emulator);

		assertThat(created(api.postJson("/api/v1/alerts/rules", """
				{"id":"link-loss","name":"link loss","severity":"critical","enabled":true,
				 "condition":{"type":"value","value":"link.loss_ratio","comparison":"above","bound":0.15},
				 "selector":{"switch":null,"port":null,"flow":null},
				 "for":"1s","repeatInterval":"1h","labels":{"team":"netops"},
				 "annotations":{"summary":"a link loses frames"}}""", ApiCaller.OPERATOR_TOKEN))).isTrue();
		HttpResponse<String> subscription = api.postJson("/api/v1/webhooks/subscriptions", """
				{"name":"e2e receiver","url":"%s","enabled":true,"format":"alertmanager-v4",
				 "ruleIds":["link-loss"],"groupBy":["alertname","link"],"groupWait":"0s","groupInterval":"1s"}"""
			.formatted(receiver.url()), ApiCaller.ADMIN_TOKEN);
		assertThat(created(subscription)).as(subscription.body()).isTrue();
		String secret = ApiCaller.json(subscription).get("secret").asText();
		assertThat(secret).startsWith("whsec_");
		assertThat(receiver.next(Duration.ofSeconds(3))).as("a webhook while every link is healthy").isNull();

		Instant lossStarts = Instant.now();
		// One end names the link to the control channel.
		emulator.changeLink(busiest.a(), LinkChange.loss(0.30));
		JsonNode firing = awaitWebhook(secret, "firing", lossStarts.plus(FIRES_WITHIN));
		JsonNode alert = firing.get("alerts").get(0);
		assertThat(alert.get("labels").get("alertname").asText()).isEqualTo("link loss");
		assertThat(Set.of(busiest.a(), busiest.b())).as("the alert's link " + alert.get("labels"))
			.anyMatch((end) -> alert.get("labels").get("link").asText().contains(end));

		Instant healed = Instant.now();
		emulator.clearLink(busiest.a());
		JsonNode resolved = awaitWebhook(secret, "resolved", healed.plus(RESOLVES_WITHIN));
		assertThat(resolved.get("alerts").get(0).get("fingerprint").asText())
			.isEqualTo(alert.get("fingerprint").asText());
		assertThat(resolved.get("alerts").get(0).get("status").asText()).isEqualTo("resolved");
	}

	/**
	 * Takes webhooks until one of {@code status} arrives before {@code deadline}; every
	 * one taken must carry a valid signature.
	 */
	private static JsonNode awaitWebhook(String secret, String status, Instant deadline) throws Exception {
		while (Instant.now().isBefore(deadline)) {
			WebhookReceiver.Delivery delivery = receiver.next(Duration.between(Instant.now(), deadline));
			if (delivery == null) {
				break;
			}
			assertThat(StandardWebhooks.problem(delivery, secret, Instant.now())).as(delivery.text()).isNull();
			JsonNode body = JSON.readTree(delivery.body());
			if (status.equals(body.get("status").asText())) {
				return body;
			}
		}
		return fail("no " + status + " webhook arrived by " + deadline);
	}

	/** The link between two switches that carried the most frames so far. */
	private static LinkStatus busiestSwitchLink(EmulatorControlClient emulator) {
		Set<String> switches = new java.util.HashSet<>();
		fabric.network().topology().switches().forEach((node) -> switches.add(node.name()));
		await().atMost(Duration.ofSeconds(30))
			.until(() -> emulator.status()
				.links()
				.stream()
				.anyMatch((link) -> isBetween(link, switches) && link.deliveredPackets() > 500));
		return emulator.status()
			.links()
			.stream()
			.filter((link) -> isBetween(link, switches))
			.max(Comparator.comparingLong(LinkStatus::deliveredPackets))
			.orElseThrow();
	}

	private static boolean isBetween(LinkStatus link, Set<String> switches) {
		return switches.contains(link.a().split(":")[0]) && switches.contains(link.b().split(":")[0]);
	}

	private static boolean created(HttpResponse<String> response) {
		return response.statusCode() == 200 || response.statusCode() == 201;
	}

	private static WebhookReceiver startReceiver() {
		try {
			return WebhookReceiver.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("no port free on 127.0.0.1 for the webhook receiver", ex);
		}
	}

}
