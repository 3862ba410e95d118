package io.sonde.testsupport;

import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backend of the test class's own, for classes that manage switches or stop their
 * Redis: booted for the class on a redis-server of its own
 * ({@link RedisServerOfTheContext}), with {@link FastSwitchTimings} and the API tokens of
 * {@link ApiCaller}, and an {@link #api} caller for each test. The context closes with
 * the class: cached, it would keep dialling the class's switches and retrying its Redis.
 * A class adds what is its own (switches, properties, beans) the usual Spring way.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@FastSwitchTimings
@Import(RedisServerOfTheContext.class)
@DirtiesContext
public abstract class OwnBackendContext {

	@LocalServerPort
	protected int port;

	protected ApiCaller api;

	@DynamicPropertySource
	static void apiTokens(DynamicPropertyRegistry properties) {
		ApiCaller.registerTokens(properties);
	}

	@BeforeEach
	void caller() {
		this.api = new ApiCaller(this.port);
	}

	/**
	 * Imports a topology document and registers its switches for management, each
	 * answered 200.
	 */
	protected void importTopologyAndRegisterItsSwitches(String topology) {
		assertThat(this.api.postJson("/api/v1/topology", topology, ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		assertThat(this.api.postJson("/api/v1/switches/from-topology", "", ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
	}

}
