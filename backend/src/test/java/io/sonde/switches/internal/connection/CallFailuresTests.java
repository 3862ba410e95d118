package io.sonde.switches.internal.connection;

import java.io.IOException;

import io.grpc.Status;
import io.sonde.p4runtime.client.SwitchEndpoint;
import io.sonde.p4runtime.client.SwitchUnreachable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CallFailuresTests {

	private static final SwitchEndpoint CORE = new SwitchEndpoint("127.0.0.1:50001", 1);

	@Test
	void namesTheGrpcCodeAndTheDeepestCauseOfAFailedCall() {
		Status refused = Status.UNAVAILABLE.withDescription("io exception")
			.withCause(new IOException("wrapper", new IOException("Connection refused")));
		SwitchUnreachable failure = new SwitchUnreachable(CORE, "capabilities", Status.Code.UNAVAILABLE, "io exception",
				refused.asRuntimeException());

		assertThat(CallFailures.describe(failure)).isEqualTo("UNAVAILABLE: Connection refused");
	}

	@Test
	void namesTheStatusDescriptionWhenNothingLiesUnderIt() {
		SwitchUnreachable failure = new SwitchUnreachable(CORE, "capabilities", Status.Code.DEADLINE_EXCEEDED,
				"deadline exceeded after 0.3s",
				Status.DEADLINE_EXCEEDED.withDescription("deadline exceeded after 0.3s").asRuntimeException());

		assertThat(CallFailures.describe(failure)).isEqualTo("DEADLINE_EXCEEDED: deadline exceeded after 0.3s");
	}

	@Test
	void keepsTheMessageOfAnyOtherFailureWithItsCause() {
		assertThat(CallFailures.describe(new IllegalStateException("client closed", new IOException("boom"))))
			.isEqualTo("client closed (boom)");
		assertThat(CallFailures.describe(new IllegalStateException())).isEqualTo("IllegalStateException");
	}

}
