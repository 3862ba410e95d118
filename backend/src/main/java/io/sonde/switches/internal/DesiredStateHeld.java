package io.sonde.switches.internal;

import io.sonde.store.RedisDataLoss;
import io.sonde.switches.SwitchNotReady;

/**
 * A switch's desired state cannot be known: Redis lost its data (not acknowledged yet)
 * and this backend computed nothing for the switch before, so reconciling it could only
 * remove what the lost state had installed.
 */
public class DesiredStateHeld extends SwitchNotReady {

	public DesiredStateHeld(String switchName, RedisDataLoss loss) {
		super("desired state of " + switchName + " held: " + loss.summary()
				+ "; it is reconciled once the loss is acknowledged");
	}

}
