package io.sonde.emulator;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;

/**
 * Entry point of the network emulator. The emulator itself (switches that are P4Runtime
 * servers, links, hosts, traffic, virtual time) arrives with its own issue; until then
 * this prints the pipeline its switches will run, which proves the module wiring
 * (p4runtime + p4-programs).
 */
public final class EmulatorMain {

	private EmulatorMain() {
	}

	public static void main(String[] args) {
		P4InfoIndex pipeline = SondePipeline.p4Info();
		System.out.println("sonde emulator: switches will run " + pipeline.p4Info().getPkgInfo().getName() + " ("
				+ pipeline.p4Info().getPkgInfo().getArch() + ")");
		for (TableInfo table : pipeline.tables()) {
			System.out.println("  table " + table.name() + " (id " + table.id() + ")");
		}
	}

}
