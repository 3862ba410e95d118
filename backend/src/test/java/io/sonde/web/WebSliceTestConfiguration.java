package io.sonde.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

import io.sonde.web.dashboard.events.EventRate;
import io.sonde.web.security.SecurityConfiguration;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.health.AdditionalHealthEndpointPath;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.DefaultHealthContributorRegistry;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthContributor;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.HealthEndpointGroup;
import org.springframework.boot.actuate.health.HealthEndpointGroups;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.HttpCodeStatusMapper;
import org.springframework.boot.actuate.health.StatusAggregator;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * What a web slice test needs besides the controllers: the real security configuration, a
 * real health endpoint over fixed components (no Redis or QuestDB), a fixed clock, the
 * event rate the Overview shows, and the store's Redis continuity (settable).
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(SecurityConfiguration.class)
public class WebSliceTestConfiguration {

	/** 2026-11-23T10:15:30Z, shown on the page as "10:15:30 UTC". */
	public static final Instant NOW = Instant.parse("2026-11-23T10:15:30Z");

	public static final String TIMESERIES_DOWN_REASON = "QuestDB at 127.0.0.1:9000 unreachable: Connection refused";

	@Bean
	Clock clock() {
		return Clock.fixed(NOW, ZoneOffset.UTC);
	}

	@Bean
	SettableRedisContinuity redisContinuity() {
		return new SettableRedisContinuity();
	}

	@Bean
	EventRate eventRate(Clock clock) {
		return new EventRate(clock);
	}

	/** redis UP, timeseries DOWN with a reason, and a composite "db" with two members. */
	@Bean
	HealthEndpoint healthEndpoint() {
		Map<String, HealthContributor> contributors = new LinkedHashMap<>();
		contributors.put("redis", indicator(Health.up().withDetail("version", "7.0.15").build()));
		contributors.put("timeseries", indicator(Health.down().withDetail("error", TIMESERIES_DOWN_REASON).build()));
		Map<String, HealthContributor> members = new LinkedHashMap<>();
		members.put("primary", indicator(Health.up().build()));
		members.put("replica", indicator(Health.outOfService().withDetail("reason", "maintenance").build()));
		contributors.put("db", CompositeHealthContributor.fromMap(members));
		return new HealthEndpoint(new DefaultHealthContributorRegistry(contributors),
				HealthEndpointGroups.of(new EverythingVisible(), Map.of()), Duration.ofSeconds(10));
	}

	private static HealthIndicator indicator(Health health) {
		return () -> health;
	}

	private static final class EverythingVisible implements HealthEndpointGroup {

		@Override
		public boolean isMember(String name) {
			return true;
		}

		@Override
		public boolean showComponents(SecurityContext securityContext) {
			return true;
		}

		@Override
		public boolean showDetails(SecurityContext securityContext) {
			return true;
		}

		@Override
		public StatusAggregator getStatusAggregator() {
			return StatusAggregator.getDefault();
		}

		@Override
		public HttpCodeStatusMapper getHttpCodeStatusMapper() {
			return HttpCodeStatusMapper.DEFAULT;
		}

		@Override
		public AdditionalHealthEndpointPath getAdditionalPath() {
			return null;
		}

	}

}
