package io.sonde.labeling.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;

import io.sonde.labeling.FlowPath;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.labeling.internal.LabelStateStore.PendingItem;
import io.sonde.p4programs.codec.LabelItem;

/**
 * Algorithm 4 for a batch of exports: every item whose device is known becomes a pending
 * item of its (switch, egress port), all of them go to Redis in one script call, and what
 * Redis applied comes back as one {@link LabelStatesUpdated} per export. Items of devices
 * nobody knows are counted and left out. Safe to call from several threads at once: the
 * newer-wins rule is the script's.
 */
final class ExportCollector {

	private final LabelStateStore store;

	private final LongFunction<Optional<String>> switchOfDevice;

	private final ToLongFunction<String> epochOf;

	private final ToLongFunction<String> agingMillisOf;

	private final AtomicLong unknownDeviceItems = new AtomicLong();

	/**
	 * @param switchOfDevice INT node id -> switch name
	 * @param epochOf switch -> its clock epoch
	 * @param agingMillisOf switch -> k * T in milliseconds
	 */
	ExportCollector(LabelStateStore store, LongFunction<Optional<String>> switchOfDevice,
			ToLongFunction<String> epochOf, ToLongFunction<String> agingMillisOf) {
		this.store = store;
		this.switchOfDevice = switchOfDevice;
		this.epochOf = epochOf;
		this.agingMillisOf = agingMillisOf;
	}

	/** Applies the batch; the updates and specific flows' paths to publish. */
	Collected collect(List<Export> exports) {
		List<PendingItem> pending = new ArrayList<>();
		List<List<PortLabelState>> statesPerExport = new ArrayList<>(exports.size());
		List<int[]> ranges = new ArrayList<>(exports.size());
		for (Export export : exports) {
			int first = pending.size();
			List<PortLabelState> states = new ArrayList<>(export.packet().items().size());
			long receivedAt = export.receivedAt().toEpochMilli();
			for (LabelItem item : export.packet().items()) {
				Optional<String> switchName = this.switchOfDevice.apply(item.deviceId());
				if (switchName.isEmpty()) {
					this.unknownDeviceItems.incrementAndGet();
					continue;
				}
				PortKey port = new PortKey(switchName.get(), item.egressPort());
				pending.add(new PendingItem(port, this.epochOf.applyAsLong(port.switchName()), item.deviceId(),
						item.labelTime(), item.hopLatency(), item.queueDepth(), item.shift(), receivedAt,
						this.agingMillisOf.applyAsLong(port.switchName())));
				states.add(new PortLabelState(port, item.deviceId(), item.labelTime(), item.hopLatency(),
						item.queueDepth(), item.shift(), export.receivedAt()));
			}
			statesPerExport.add(states);
			ranges.add(new int[] { first, pending.size() });
		}
		List<Integer> applied = this.store.apply(pending);
		boolean[] isApplied = new boolean[pending.size()];
		applied.forEach((index) -> isApplied[index] = true);
		List<LabelStatesUpdated> updates = new ArrayList<>();
		List<FlowPath> paths = new ArrayList<>();
		for (int e = 0; e < exports.size(); e++) {
			Export export = exports.get(e);
			List<PortLabelState> states = statesPerExport.get(e);
			List<PortLabelState> appliedStates = new ArrayList<>();
			int first = ranges.get(e)[0];
			for (int i = 0; i < states.size(); i++) {
				if (isApplied[first + i]) {
					appliedStates.add(states.get(i));
				}
			}
			if (!appliedStates.isEmpty()) {
				updates.add(new LabelStatesUpdated(appliedStates, export.receivedAt()));
			}
			if (export.packet().specificFlow() && !states.isEmpty()) {
				paths.add(new FlowPath(export.packet().flow(), states, export.receivedAt()));
			}
		}
		return new Collected(pending.size(), applied.size(), updates, paths);
	}

	/** Items left out since the start because no switch has their device id. */
	long unknownDeviceItems() {
		return this.unknownDeviceItems.get();
	}

	/**
	 * What a batch did.
	 *
	 * @param items items of known devices sent to Redis
	 * @param applied how many Redis applied (the newer ones)
	 * @param updates one per export with an applied item
	 * @param paths the specific flows' paths the batch carried
	 */
	record Collected(int items, int applied, List<LabelStatesUpdated> updates, List<FlowPath> paths) {
	}

}
