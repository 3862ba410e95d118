package io.sonde.emulator.provision;

import java.time.Duration;
import java.util.Map;

/**
 * What {@link NetworkProvisioner#apply} did.
 *
 * @param updatesPerSwitch P4Runtime updates written to each switch (all accepted)
 * @param took how long it took, by the provisioner's clock
 */
public record ProvisioningReport(Map<String, Integer> updatesPerSwitch, Duration took) {

	public ProvisioningReport {
		updatesPerSwitch = Map.copyOf(updatesPerSwitch);
	}

	/** Updates written to every switch together. */
	public int updates() {
		return this.updatesPerSwitch.values().stream().mapToInt(Integer::intValue).sum();
	}

}
