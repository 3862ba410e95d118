package io.sonde.alerts.internal;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.LiveValueSource;
import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.labeling.LabelingCoverage;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthContributorRegistry;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The alerts module's beans: the store, the engine and its loop, and the live values it
 * provides.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertsProperties.class)
class AlertsConfiguration {

	@Bean
	RedisAlertStore alertStore(StringRedisTemplate redis, ObjectMapper json, AlertsProperties properties) {
		return new RedisAlertStore(redis, json, properties.historyLimit(), RedisAlertStore.PREFIX);
	}

	@Bean
	EventCounting alertEventCounting(AlertsProperties properties) {
		return new EventCounting(properties.maxSeriesPerRule());
	}

	@Bean
	LiveValues alertLiveValues(ObjectProvider<LiveValueSource> sources) {
		return new LiveValues(() -> sources.orderedStream().toList());
	}

	@Bean
	AlertEngine alertEngine(RedisAlertStore store, EventCounting counting, LiveValues liveValues,
			ObjectProvider<SwitchManagement> switches, ApplicationEventPublisher publisher, Clock clock,
			AlertsProperties properties) {
		return new AlertEngine(store, counting, liveValues, () -> switchesByDeviceId(switches), publisher, clock,
				properties);
	}

	@Bean
	AlertsHealthIndicator alertsHealthIndicator(AlertEngine engine, EventCounting counting,
			AlertsProperties properties) {
		return new AlertsHealthIndicator(engine, counting, properties);
	}

	@Bean
	EvaluationLoop alertEvaluationLoop(AlertEngine engine, AlertsProperties properties) {
		return new EvaluationLoop(engine, properties.evaluationInterval());
	}

	@Bean
	EventsListener alertEventsListener(EventCounting counting, Clock clock) {
		return new EventsListener(counting, clock);
	}

	@Bean
	StoredAlertRules alertRules(RedisAlertStore store, LiveValues liveValues, AlertEngine engine, Clock clock) {
		return new StoredAlertRules(store, new AlertRuleCheck(liveValues::names), engine, liveValues, clock);
	}

	@Bean
	CoverageValue coverageLiveValue(ObjectProvider<LabelingCoverage> coverage) {
		return new CoverageValue(coverage);
	}

	@Bean
	SwitchUnreachableValue switchUnreachableLiveValue(ObjectProvider<SwitchManagement> switches, Clock clock) {
		return new SwitchUnreachableValue(switches, clock);
	}

	@Bean
	ProbeSessionFailedValue probeSessionFailedLiveValue(ObjectProvider<ProbeOrchestrator> orchestrator) {
		return new ProbeSessionFailedValue(orchestrator);
	}

	@Bean
	CollectorDropsValue collectorDropsLiveValue(ObjectProvider<CollectorAccounting> accounting, Clock clock) {
		return new CollectorDropsValue(accounting, clock);
	}

	@Bean
	IngestLagValue ingestLagLiveValue(ObjectProvider<HealthContributorRegistry> health) {
		return new IngestLagValue(health);
	}

	/**
	 * Event switch ids are P4Runtime device ids (the INT node id defaults to it): the
	 * registered switches name them.
	 */
	private static Map<Long, String> switchesByDeviceId(ObjectProvider<SwitchManagement> switches) {
		SwitchManagement management = switches.getIfAvailable();
		Map<Long, String> names = new HashMap<>();
		if (management != null) {
			for (SwitchView view : management.switches()) {
				names.put(view.device().deviceId(), view.name());
			}
		}
		return names;
	}

}
