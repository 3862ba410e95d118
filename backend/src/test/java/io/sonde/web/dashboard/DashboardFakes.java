package io.sonde.web.dashboard;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The switches and topology modules (polling rounds and link states included) as the
 * dashboard's slice tests set them.
 */
@TestConfiguration(proxyBeanMethods = false)
class DashboardFakes {

	@Bean
	FakeSwitches fakeSwitches() {
		return new FakeSwitches();
	}

	@Bean
	FakeTopology fakeTopology() {
		return new FakeTopology();
	}

	@Bean
	FakeTraffic fakeTraffic() {
		return new FakeTraffic();
	}

}
