package io.sonde.web;

import java.time.Duration;

import org.awaitility.Awaitility;

import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * A dashboard page as the signed-in user of the test gets it, and its live stream.
 */
public final class DashboardPages {

	private DashboardPages() {
	}

	/**
	 * GETs {@code path}, expects 200 rendered by the template {@code view}, and returns
	 * the HTML.
	 */
	public static String rendered(MockMvc mvc, String path, String view) throws Exception {
		return mvc.perform(get(path))
			.andExpect(status().isOk())
			.andExpect(view().name(view))
			.andReturn()
			.getResponse()
			.getContentAsString();
	}

	/**
	 * Waits until a live page's event stream has sent {@code expected} and returns what
	 * it sent by then.
	 */
	public static String streamedUntil(MvcResult stream, String expected) {
		String content = Awaitility.await("the stream to contain " + expected)
			.atMost(Duration.ofSeconds(5))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(20))
			.until(() -> stream.getResponse().getContentAsString(), (shown) -> shown.contains(expected));
		assertThat(content).contains(expected);
		return content;
	}

}
