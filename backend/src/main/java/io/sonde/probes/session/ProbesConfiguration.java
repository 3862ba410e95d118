package io.sonde.probes.session;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.UUID;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.events.EventLog;
import io.sonde.probes.ProbePlanner;
import io.sonde.switches.SwitchManagement;
import io.sonde.topology.LinkStates;
import io.sonde.topology.TopologyCatalog;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The orchestrator and its Redis state, as the probes module's beans. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ProbesProperties.class)
class ProbesConfiguration {

	@Bean
	SessionOrchestrator probeOrchestrator(ProbesProperties properties, ProbePlanner planner, TopologyCatalog topologies,
			SwitchManagement switches, StringRedisTemplate redis, ObjectMapper json, LinkStates links,
			EventLog eventLog, ApplicationEventPublisher publisher, Clock clock) {
		SessionLease lease = new SessionLease(redis, properties.lease());
		return new SessionOrchestrator(properties, planner, topologies, switches,
				new SessionStore(redis, json, properties.historyLimit()), lease,
				new RequestIds(redis, properties.maxSessionTime().plus(properties.lease())),
				new ClosedLoop(new AvoidList(redis), links, properties.avoidFor()), new SessionEvents(eventLog),
				publisher, clock, replicaName());
	}

	/** Host, pid and a random part: two contexts in one JVM (tests) are two replicas. */
	private static String replicaName() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			host = "unknown-host";
		}
		return host + ":" + ManagementFactory.getRuntimeMXBean().getPid() + ":"
				+ UUID.randomUUID().toString().substring(0, 8);
	}

}
