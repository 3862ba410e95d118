package io.sonde.web.dashboard;

import io.sonde.web.WebSliceTestConfiguration;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

/**
 * A web slice of the dashboard controller a subclass names in its {@code @WebMvcTest},
 * over the fake switches, topology and traffic of {@link DashboardFakes}.
 */
@Import({ WebSliceTestConfiguration.class, DashboardFakes.class })
abstract class OnDashboardFakes {

	@Autowired
	MockMvc mvc;

	@Autowired
	FakeSwitches switches;

	@Autowired
	FakeTopology topology;

}
