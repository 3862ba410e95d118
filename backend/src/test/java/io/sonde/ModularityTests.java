package io.sonde;

import org.junit.jupiter.api.Test;

import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

import static org.assertj.core.api.Assertions.assertThat;

/** Module boundaries: each module is reached only through its public face. */
class ModularityTests {

	private final ApplicationModules modules = ApplicationModules.of(SondeApplication.class);

	@Test
	void verifiesModuleBoundaries() {
		this.modules.verify();
	}

	@Test
	void knowsTheFeatureModulesOfTheDesign() {
		assertThat(this.modules.stream().map((module) -> module.getIdentifier().toString())).containsExactlyInAnyOrder(
				"topology", "switches", "intconfig", "probes", "labeling", "ingest", "events", "metrics", "alerts",
				"web", "core", "store", "collectorfleet", "access", "webhooks", "javacollector", "agents");
	}

	/** Writes the module diagram (PlantUML) to target/spring-modulith-docs for docs/. */
	@Test
	void documentsTheModules() {
		new Documenter(this.modules).writeModulesAsPlantUml();
		assertThat(new java.io.File("target/spring-modulith-docs/components.puml")).exists();
	}

}
