package io.sonde.emulator.run;

import java.time.Duration;

import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.client.P4RuntimeClient;
import p4.v1.SetForwardingPipelineConfigRequest;

/** A test's controller of an emulated switch: primary, with sonde.p4 installed. */
final class SondeController {

	private SondeController() {
	}

	static P4RuntimeClient primaryWithPipeline(EmulatedSwitch emulatedSwitch) {
		P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", emulatedSwitch.server().port())
			.deviceId(emulatedSwitch.spec().deviceId())
			.electionId(5)
			.connect();
		client.awaitPrimary(Duration.ofSeconds(5));
		client.setPipeline(SondePipeline.p4Info().p4Info(), SondeDeviceConfig.bmv2().json(), 1,
				SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
		return client;
	}

}
