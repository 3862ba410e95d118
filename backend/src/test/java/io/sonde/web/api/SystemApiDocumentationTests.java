package io.sonde.web.api;

import io.sonde.web.WebSliceTestConfiguration;
import io.sonde.web.dashboard.LoginController;
import org.junit.jupiter.api.Test;
import org.springdoc.core.configuration.SpringDocConfiguration;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springdoc.webmvc.core.configuration.SpringDocWebMvcConfiguration;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** /v3/api-docs describes the system API and how to authenticate to it. */
@WebMvcTest(controllers = { SystemController.class, LoginController.class })
@Import({ WebSliceTestConfiguration.class, OpenApiConfiguration.class })
@ImportAutoConfiguration({ SpringDocConfiguration.class, SpringDocConfigProperties.class,
		SpringDocWebMvcConfiguration.class })
class SystemApiDocumentationTests {

	@Autowired
	private MockMvc mvc;

	@Test
	@WithMockUser(roles = "VIEWER")
	void describesTheSystemEndpointWithItsTag() throws Exception {
		this.mvc.perform(get("/v3/api-docs"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.paths['/api/v1/system'].get.tags[0]").value("System"))
			.andExpect(jsonPath("$.paths['/api/v1/system'].get.responses['401']").exists())
			.andExpect(jsonPath("$.paths['/api/v1/system'].get.security[0].bearerAuth").exists());
	}

	@Test
	@WithMockUser(roles = "VIEWER")
	void declaresBearerAuthentication() throws Exception {
		this.mvc.perform(get("/v3/api-docs"))
			.andExpect(jsonPath("$.components.securitySchemes.bearerAuth.type").value("http"))
			.andExpect(jsonPath("$.components.securitySchemes.bearerAuth.scheme").value("bearer"))
			.andExpect(jsonPath("$.info.title").value("Sonde API"));
	}

}
