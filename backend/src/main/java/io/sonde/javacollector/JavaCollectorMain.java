package io.sonde.javacollector;

import java.time.Clock;
import java.util.Arrays;
import java.util.Map;

import io.sonde.javacollector.internal.UdpCollectorConfiguration;
import io.sonde.javacollector.internal.UdpCollectorProperties;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The Java collector as a process of its own ({@code ./sonde-collector},
 * docs/OPERATIONS.md): the collector and its Redis connection, nothing else of the
 * backend (no web server, switch management, ingest or time-series store), so that it can
 * be stopped, restarted or killed while the backend runs on. It reads the backend's keys
 * ({@code sonde.ingest.udp.*}, {@code spring.data.redis.*}) and always runs the
 * collector, whatever {@code sonde.ingest.udp.enabled} says: the backend next to it
 * should then leave it off, or the two would share the port. Not a component: the
 * backend's scan passes it by.
 */
@ImportAutoConfiguration(RedisAutoConfiguration.class)
@EnableConfigurationProperties(UdpCollectorProperties.class)
@Import(UdpCollectorConfiguration.class)
public class JavaCollectorMain {

	public static void main(String[] args) {
		start(args);
	}

	/** Starts the collector; the context runs until it is closed or the JVM stops. */
	public static ConfigurableApplicationContext start(String... args) {
		SpringApplication application = new SpringApplication(JavaCollectorMain.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		// Its threads are daemons: without this the JVM would exit once started.
		application.setDefaultProperties(Map.of("spring.main.keep-alive", "true"));
		String[] withCollector = Arrays.copyOf(args, args.length + 1);
		withCollector[args.length] = "--sonde.ingest.udp.enabled=true";
		return application.run(withCollector);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
