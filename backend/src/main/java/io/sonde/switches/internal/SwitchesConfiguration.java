package io.sonde.switches.internal;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.p4programs.SondePipeline;
import io.sonde.store.RedisContinuity;
import io.sonde.store.RedisStateOfRecord;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchView;
import io.sonde.switches.internal.polling.CounterPoller;
import io.sonde.switches.internal.tls.TlsMaterial;
import io.sonde.topology.LinkStates;
import io.sonde.topology.TopologyCatalog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The switches module's beans. */
@Configuration(proxyBeanMethods = false)
class SwitchesConfiguration {

	@Bean
	RedisDeviceRegistry redisDeviceRegistry(StringRedisTemplate redis, ObjectMapper json) {
		return new RedisDeviceRegistry(redis, json);
	}

	@Bean
	TopologyRoutes topologyRoutes(TopologyCatalog catalog, LinkStates links, ApplicationEventPublisher events,
			SwitchesProperties properties) {
		return new TopologyRoutes(catalog, links, events, properties.installRoutes());
	}

	@Bean
	TlsMaterial tlsMaterial(SwitchesProperties properties) {
		return new TlsMaterial(properties.tlsFiles());
	}

	@Bean
	ManagedSwitches managedSwitches(RedisDeviceRegistry registry, ObjectProvider<DesiredStateContributor> contributors,
			SwitchesProperties properties, ApplicationEventPublisher events, Clock clock, TlsMaterial tls,
			ObjectProvider<RedisContinuity> continuity, TopologyCatalog catalog) {
		// Contributors are asked lazily: some (INT configuration) depend on this module.
		DesiredState desired = new DesiredState(() -> contributors.orderedStream().toList(),
				continuity.getIfAvailable());
		return new ManagedSwitches(registry, desired, properties.connectionSettings(), SondePipeline.p4Info(), events,
				clock, tls, continuity.getIfAvailable(), catalog);
	}

	/**
	 * Health component {@code registry}: DOWN while the registry in Redis cannot be read;
	 * lists the switches kept while an unacknowledged data loss emptied it.
	 */
	@Bean
	HealthIndicator registryHealthIndicator(ManagedSwitches managedSwitches) {
		return () -> managedSwitches.registryReads()
			.health()
			.withDetail("switches", managedSwitches.switches().stream().filter(SwitchView::registered).count())
			.withDetail("keptAfterDataLoss", managedSwitches.heldSwitches().stream().sorted().toList())
			.build();
	}

	/** The registry is state of record: listed after Redis loses its data. */
	@Bean
	RedisStateOfRecord switchRegistryState() {
		return new RedisStateOfRecord("switch registry", List.of(RedisDeviceRegistry.KEY),
				"register the switches again: POST /api/v1/switches/from-topology (once the topology is back) or "
						+ "POST /api/v1/switches for each");
	}

	@Bean
	CounterPoller counterPoller(ManagedSwitches switches, TopologyCatalog catalog, SwitchesProperties properties,
			Clock clock) {
		return new CounterPoller(new TopologyPolledSwitches(switches, catalog), properties.pollingConcurrency(), clock);
	}

	@Bean(destroyMethod = "shutdownNow")
	ScheduledExecutorService switchPolling(CounterPoller poller, SwitchesProperties properties) {
		ScheduledExecutorService rounds = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "port-counter-rounds");
			thread.setDaemon(true);
			return thread;
		});
		long every = properties.pollingInterval().toMillis();
		if (every > 0) {
			rounds.scheduleWithFixedDelay(() -> {
				try {
					poller.pollNow();
				}
				catch (RuntimeException ex) {
					System.getLogger(CounterPoller.class.getName())
						.log(System.Logger.Level.WARNING, "polling round failed: " + ex.getMessage());
				}
			}, every, every, TimeUnit.MILLISECONDS);
		}
		return rounds;
	}

	@Bean(destroyMethod = "shutdownNow")
	ScheduledExecutorService switchRegistryRefresh(ManagedSwitches switches, SwitchesProperties properties) {
		ScheduledExecutorService refresh = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "switch-registry-refresh");
			thread.setDaemon(true);
			return thread;
		});
		long every = properties.registryRefresh().toMillis();
		refresh.scheduleWithFixedDelay(switches::refreshFromRegistry, every, every, TimeUnit.MILLISECONDS);
		return refresh;
	}

}
