package io.sonde.testsupport;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * InfluxDB 2.x in Docker, set up with organization and bucket {@code sonde} and the admin
 * token {@link #TOKEN}, for the tests of the production alternative to QuestDB. Where
 * there is no Docker those tests are skipped ({@code disabledWithoutDocker}).
 */
public final class InfluxDb2Container extends GenericContainer<InfluxDb2Container> {

	public static final String TOKEN = "sonde-test-token";

	public static final String ORG = "sonde";

	public static final String BUCKET = "sonde";

	private static final int PORT = 8086;

	public InfluxDb2Container() {
		super("influxdb:2.7");
		withExposedPorts(PORT);
		withEnv("DOCKER_INFLUXDB_INIT_MODE", "setup");
		withEnv("DOCKER_INFLUXDB_INIT_USERNAME", "sonde");
		withEnv("DOCKER_INFLUXDB_INIT_PASSWORD", "sonde-password");
		withEnv("DOCKER_INFLUXDB_INIT_ORG", ORG);
		withEnv("DOCKER_INFLUXDB_INIT_BUCKET", BUCKET);
		withEnv("DOCKER_INFLUXDB_INIT_ADMIN_TOKEN", TOKEN);
		waitingFor(Wait.forHttp("/health").forStatusCode(200));
	}

	/** The HTTP address of the running container. */
	public String url() {
		return "http://" + getHost() + ":" + getMappedPort(PORT);
	}

}
