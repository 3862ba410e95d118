package io.sonde.collectorfleet;

import java.util.List;

/** The collectors' counters and the pipeline's accounting. */
public interface CollectorAccounting {

	/** Every collector that wrote a counters hash, by node and interface. */
	List<CollectorStatus> collectors();

	/** The accounting now. */
	Accounting accounting();

}
