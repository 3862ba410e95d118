package io.sonde.web.dashboard.alerts;

import io.sonde.testsupport.RedisServerOfTheContext;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The one context the Alerts page's tests share: the whole backend with MockMvc, the real
 * alerts and webhooks modules on a redis-server of its own (started with the cached
 * context and stopped when it closes), and loopback let through the request-forgery guard
 * so receivers run in the tests. Subclasses add nothing to the configuration, so Spring
 * builds the context once for all of them; each test sets up its state through the
 * modules' faces under ids of its own.
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(RedisServerOfTheContext.class)
abstract class OnRealAlertsModules {

	@Autowired
	MockMvc mvc;

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		properties.add("sonde.webhooks.allowed-destinations[0]", () -> "127.0.0.1/32");
	}

	/**
	 * Posts a form the page refuses, with its request-forgery token: 400, and the page
	 * shown again with the errors, returned.
	 */
	String refused(MockHttpServletRequestBuilder form) throws Exception {
		return this.mvc.perform(form.with(csrf()))
			.andExpect(status().isBadRequest())
			.andReturn()
			.getResponse()
			.getContentAsString();
	}

	/** The rule form of a rule counting THRESHOLD events over 30 s. */
	static MockHttpServletRequestBuilder eventRuleForm(String name, String severity, String count) {
		return post("/alerts/rules").param("name", name)
			.param("severity", severity)
			.param("condition.type", "events")
			.param("condition.kind", "THRESHOLD")
			.param("condition.count", count)
			.param("condition.window", "30s");
	}

	/** The rule form of a rule on a live value. */
	static MockHttpServletRequestBuilder valueRuleForm(String name, String severity, String value, String comparison,
			String bound) {
		return post("/alerts/rules").param("name", name)
			.param("severity", severity)
			.param("condition.type", "value")
			.param("condition.value", value)
			.param("condition.comparison", comparison)
			.param("condition.bound", bound);
	}

	/** The subscription form of a receiver in the Sonde format. */
	static MockHttpServletRequestBuilder subscriptionForm(String name, String url) {
		return post("/alerts/subscriptions").param("name", name).param("url", url).param("format", "sonde");
	}

}
