package io.sonde.emulator.handoff;

import java.util.List;

import io.sonde.emulator.pipeline.HopTruth;

/**
 * The NIC agent's path id (AGENT-CONTRACT): FNV-1a 32-bit over the switch ids from source
 * to sink, each as 4 bytes big endian.
 */
final class PathId {

	private PathId() {
	}

	static long of(List<HopTruth> sourceFirst) {
		int hash = 0x811C9DC5;
		for (HopTruth hop : sourceFirst) {
			long id = hop.switchId();
			for (int shift = 24; shift >= 0; shift -= 8) {
				hash = (hash ^ (int) ((id >>> shift) & 0xFF)) * 0x01000193;
			}
		}
		return hash & 0xFFFF_FFFFL;
	}

}
