package io.sonde.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.stream.Stream;

import org.springframework.test.context.TestPropertySource;

/**
 * Switch connections timed for tests: heartbeats, reconnection back-off and registry
 * refreshes short enough that a test sees a switch lost, dialled again or registered
 * without waiting out the production defaults. {@link #ARGUMENTS} are the same for an
 * application a test starts by hand.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@TestPropertySource(properties = { FastSwitchTimings.HEARTBEAT, FastSwitchTimings.BACKOFF_MIN,
		FastSwitchTimings.BACKOFF_MAX, FastSwitchTimings.REGISTRY_REFRESH })
public @interface FastSwitchTimings {

	String HEARTBEAT = "sonde.switches.heartbeat=500ms";

	String BACKOFF_MIN = "sonde.switches.backoff-min=100ms";

	String BACKOFF_MAX = "sonde.switches.backoff-max=1s";

	String REGISTRY_REFRESH = "sonde.switches.registry-refresh=1s";

	/**
	 * The timings as command-line arguments: they override application.yml, which default
	 * properties would not.
	 */
	List<String> ARGUMENTS = Stream.of(HEARTBEAT, BACKOFF_MIN, BACKOFF_MAX, REGISTRY_REFRESH)
		.map((property) -> "--" + property)
		.toList();

}
