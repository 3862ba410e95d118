package io.sonde.switches;

import java.util.List;
import java.util.Optional;

/**
 * The switches Sonde knows over P4Runtime: their registry (desired state in Redis), the
 * connection to each (arbitration, pipeline, reconciliation after every reconnect), and
 * what the switches hold. A switch of the imported topology that is not registered is
 * known too, through an observing connection that says whether it answers
 * ({@link ConnectionState#OBSERVER}); the calls below that act on one switch need it
 * registered. Every switch-changing call needs Sonde to be primary for it.
 */
public interface SwitchManagement {

	/**
	 * Every switch: the topology's in topology order (registered or observed), then the
	 * registered switches outside the topology by name. {@link SwitchView#registered()}
	 * tells them apart.
	 */
	List<SwitchView> switches();

	/** A registered or observed switch. */
	Optional<SwitchView> switchNamed(String name);

	/**
	 * Registers a switch and, if enabled, connects to it.
	 * @throws SwitchAlreadyRegistered if the name, or the address and device id, are
	 * taken
	 */
	SwitchView register(SwitchDevice device);

	/**
	 * Replaces a registration; the connection is reopened if its address or identity
	 * changed.
	 * @throws SwitchNotFound if there is no such switch
	 */
	SwitchView update(SwitchDevice device);

	/** Forgets a switch and closes its connection; the switch keeps what it holds. */
	void remove(String name);

	/** Keeps a connection open to the switch (and records that in the registry). */
	SwitchView connect(String name);

	/** Closes the connection and leaves the switch alone until {@link #connect}. */
	SwitchView disconnect(String name);

	/**
	 * Installs the pipeline (VERIFY_AND_COMMIT), unless the switch already runs it and
	 * {@code force} is false, then restores the desired entities.
	 * @return what the reconciliation after the push did
	 * @throws SwitchNotReady unless Sonde is primary for the switch
	 */
	ReconcileReport pushPipeline(String name, boolean force);

	/**
	 * Reads the switch and compares it with the desired state entry by entry, without
	 * changing anything.
	 * @throws SwitchNotReady unless Sonde is connected to the switch
	 */
	StateDiff diff(String name);

	/**
	 * Reads, compares and repairs now.
	 * @throws SwitchNotReady unless Sonde is primary for the switch
	 */
	ReconcileReport reconcile(String name);

	/**
	 * What the switch holds, rendered with the pipeline's names.
	 * @param kind {@code tables}, {@code counters}, {@code registers} or
	 * {@code action-profiles} (members and groups)
	 * @param entity a table, counter, register or action profile name (full or alias);
	 * null for all of that kind
	 * @throws SwitchNotReady unless Sonde is connected to the switch
	 * @throws IllegalArgumentException for an unknown kind or name
	 */
	List<InstalledEntity> read(String name, String kind, String entity);

	/**
	 * Sends a frame out of one of the switch's ports.
	 * @throws SwitchNotReady unless Sonde is primary for the switch
	 */
	void packetOut(String name, int egressPort, byte[] frame);

}
