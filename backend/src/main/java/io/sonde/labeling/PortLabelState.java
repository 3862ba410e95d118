package io.sonde.labeling;

import java.time.Instant;
import java.util.Objects;

/**
 * The latest state of a port (Algorithm 4's database row): the newest item applied for
 * it.
 *
 * @param port the switch and egress port
 * @param deviceId the switch's INT node id the item carried
 * @param labelTime the switch clock when it labeled (microseconds)
 * @param hopLatency egress minus ingress time on that switch (microseconds)
 * @param queueDepth the queue depth in packets when the packet left
 * @param shift S, the port's Reg2 value when it labeled
 * @param receivedAt when the controller applied the item
 */
public record PortLabelState(PortKey port, long deviceId, long labelTime, long hopLatency, int queueDepth, int shift,
		Instant receivedAt) {

	public PortLabelState {
		Objects.requireNonNull(port, "port");
		Objects.requireNonNull(receivedAt, "receivedAt");
	}

}
