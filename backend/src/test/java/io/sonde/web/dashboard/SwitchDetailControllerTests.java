package io.sonde.web.dashboard;

import java.util.List;
import java.util.Map;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.InstalledEntity;
import io.sonde.web.DashboardPages;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.security.test.context.support.WithMockUser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * A switch's page: viewers see it, operators act on the switch from it (CSRF-protected
 * form posts), viewers' posts are refused.
 */
@WebMvcTest(controllers = SwitchDetailController.class)
class SwitchDetailControllerTests extends OnDashboardFakes {

	@BeforeEach
	void oneLeafReconciledOnce() {
		this.switches.reset();
		this.topology.importLeafSpine();
		this.switches.put(FakeSwitches.view("leaf-0", 50002, ConnectionState.PRIMARY, 1500, "DEADLINE_EXCEEDED: once",
				FakeSwitches.report("leaf-0")));
		this.switches.installed.put(SondeEntities.SINK_PORTS,
				List.of(new InstalledEntity("table", SondeEntities.SINK_PORTS, Map.of("egress_port", "2"),
						Map.of("action", "SondeIngress.int_sink.mark_sink_port"), 0)));
		this.switches.installed.put(SondeEntities.INT_NODE_ID,
				List.of(new InstalledEntity("table", SondeEntities.INT_NODE_ID, Map.of("default", "true"),
						Map.of("action", "SondeEgress.set_int_node_id", "node_id", "7"), 0)));
		this.switches.installed.put(PortCounters.INGRESS,
				List.of(new InstalledEntity("counter", PortCounters.INGRESS, Map.of("index", "1"),
						Map.of("packets", "7", "bytes", "700"), 0),
						new InstalledEntity("counter", PortCounters.INGRESS, Map.of("index", "2"),
								Map.of("packets", "3", "bytes", "300"), 0)));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void showsRegistrationConnectionReconciliationIntEntriesAndCountersToAViewerWithoutButtons() throws Exception {
		String page = DashboardPages.rendered(this.mvc, "/switches/leaf-0", "switch");

		assertThat(page).contains("<h1>leaf-0</h1>")
			.contains("data-live-switch=\"leaf-0\" data-state=\"PRIMARY\"")
			.contains("class=\"status state-primary\" data-field=\"stateText\">PRIMARY</span>")
			.contains(">1.50 ms</dd>")
			.contains(">DEADLINE_EXCEEDED: once</dd>")
			.contains(">0xabc</dd>")
			.contains(">127.0.0.1:50002</dd>")
			.contains("default (full access)")
			.contains("10:15:28 UTC (connected): 1 applied, 1 refused of 42 expected, pipeline pushed")
			.contains("INSERT SondeIngress.forwarding.ipv4_lpm dst_addr=10.0.0.2/32 → set_next_hop port=1")
			.contains("MODIFY SondeEgress.int_node_id default=true: RESOURCE_EXHAUSTED: full")
			.contains("INT roles: <strong>transit (switch id 7), sink (1 sink ports, 0 report collectors)</strong>")
			.contains("egress_port=2")
			.contains("action=SondeIngress.int_sink.mark_sink_port")
			.contains(">spine-0:1</td>")
			.contains(">700</td>")
			.contains("href=\"/switches/leaf-0/diff\"")
			.doesNotContain("Reconcile now")
			.doesNotContain("/switches/leaf-0/disconnect")
			.doesNotContain("confirm-dialog");
		assertThat(this.switches.calls).contains("read leaf-0 tables " + SondeEntities.WATCHLIST,
				"read leaf-0 tables " + SondeEntities.SINK_PORTS, "read leaf-0 tables " + SondeEntities.COLLECTORS,
				"read leaf-0 tables " + SondeEntities.INT_NODE_ID, "read leaf-0 counters " + PortCounters.INGRESS,
				"read leaf-0 counters " + PortCounters.EGRESS);
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void offersTheOperatorConnectDisconnectPipelineAndReconcileAsCsrfProtectedForms() throws Exception {
		String page = this.mvc.perform(get("/switches/leaf-0")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("action=\"/switches/leaf-0/connect\" method=\"post\"")
			.contains("action=\"/switches/leaf-0/disconnect\" method=\"post\"")
			.contains("action=\"/switches/leaf-0/pipeline\" method=\"post\"")
			.contains("action=\"/switches/leaf-0/reconcile\" method=\"post\"")
			.contains("Push pipeline", "Force pipeline push", "Reconcile now");
		assertThat(page.split("name=\"_csrf\"", -1)).hasSizeGreaterThan(5);
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void asksTheOperatorBeforeDisconnectingOrPushingThePipelineButNotBeforeConnectingOrReconciling() throws Exception {
		// Attributes as a browser reads them: the template breaks long tags over lines.
		String page = this.mvc.perform(get("/switches/leaf-0"))
			.andReturn()
			.getResponse()
			.getContentAsString()
			.replaceAll("\\s+", " ");

		assertThat(page)
			.contains("action=\"/switches/leaf-0/disconnect\" method=\"post\" "
					+ "data-confirm=\"Disconnect leaf-0? Sonde stops managing it until you connect again.\" "
					+ "data-confirm-action=\"Disconnect\"")
			.contains("data-confirm=\"Push the pipeline to leaf-0? ")
			.contains("data-confirm-action=\"Push pipeline\"")
			.contains("data-confirm=\"Reinstall the pipeline on leaf-0? ")
			.contains("data-confirm-action=\"Force pipeline push\"")
			.contains("<dialog id=\"confirm-dialog\"")
			.contains("action=\"/switches/leaf-0/connect\" method=\"post\">")
			.contains("action=\"/switches/leaf-0/reconcile\" method=\"post\">");
		assertThat(page.split("data-confirm=", -1)).hasSize(4);
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void reconcilesForTheOperatorAndSaysWhatChanged() throws Exception {
		this.mvc.perform(post("/switches/leaf-0/reconcile").with(csrf()))
			.andExpect(redirectedUrl("/switches/leaf-0"))
			.andExpect(flash().attribute("done",
					"Reconciled leaf-0: 1 changes applied, 1 refused, of 42 expected entities."));
		this.mvc.perform(post("/switches/leaf-0/pipeline").param("force", "true").with(csrf()))
			.andExpect(redirectedUrl("/switches/leaf-0"))
			.andExpect(flash().attribute("done",
					"Pipeline pushed to leaf-0; 1 changes applied, 1 refused, of 42 expected entities."));
		this.mvc.perform(post("/switches/leaf-0/pipeline").with(csrf())).andExpect(redirectedUrl("/switches/leaf-0"));
		this.mvc.perform(post("/switches/leaf-0/disconnect").with(csrf())).andExpect(redirectedUrl("/switches/leaf-0"));
		this.mvc.perform(post("/switches/leaf-0/connect").with(csrf())).andExpect(redirectedUrl("/switches/leaf-0"));

		assertThat(this.switches.calls).containsExactly("reconcile leaf-0", "pushPipeline leaf-0 force=true",
				"pushPipeline leaf-0 force=false", "disconnect leaf-0", "connect leaf-0");
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void answersWithAClearMessageWhenTheSwitchIsNotReady() throws Exception {
		this.switches.notReady.add("leaf-0");

		this.mvc.perform(post("/switches/leaf-0/reconcile").with(csrf()))
			.andExpect(redirectedUrl("/switches/leaf-0"))
			.andExpect(flash().attribute("refused", "Not done: Sonde is not connected to leaf-0 (unreachable)."));
		String page = this.mvc.perform(get("/switches/leaf-0").flashAttr("refused", "Not done: because."))
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(page).contains("role=\"alert\">Not done: because.</p>");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void refusesAViewersPostWith403AndChangesNothing() throws Exception {
		for (String action : List.of("connect", "disconnect", "pipeline", "reconcile")) {
			this.mvc.perform(post("/switches/leaf-0/" + action).with(csrf())).andExpect(status().isForbidden());
		}
		assertThat(this.switches.calls).isEmpty();
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void refusesAPostWithoutTheCsrfToken() throws Exception {
		this.mvc.perform(post("/switches/leaf-0/reconcile")).andExpect(status().isForbidden());
		assertThat(this.switches.calls).isEmpty();
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void comparesExpectedWithInstalledOnDemandOnly() throws Exception {
		String page = this.mvc.perform(get("/switches/leaf-0/diff"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page)
			.contains("Read at 10:15:28 UTC: 41 of 42 expected entities installed as expected, 1 differences.")
			.contains(">SondeIngress.int_sink.int_sink_ports egress_port=3</td>");
		assertThat(this.switches.calls).contains("diff leaf-0");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void showsWhyTheSwitchCouldNotBeReadWhenItIsNotConnected() throws Exception {
		this.switches.notReady.add("leaf-0");

		String page = this.mvc.perform(get("/switches/leaf-0/diff"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("Not compared: Sonde is not connected to leaf-0 (unreachable)")
			.contains("Not read: Sonde is not connected to leaf-0 (unreachable)");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void answers404ForAnUnknownSwitch() throws Exception {
		String page = this.mvc.perform(get("/switches/nope"))
			.andExpect(status().isNotFound())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("no switch named &#39;nope&#39; is registered");
	}

}
