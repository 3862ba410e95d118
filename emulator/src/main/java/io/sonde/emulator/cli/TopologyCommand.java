package io.sonde.emulator.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code emulator topology}: writes a topology as a topology file without running it. */
@Command(name = "topology", mixinStandardHelpOptions = true,
		description = "Write a topology (generated or read from a file) as a sonde-topology JSON file.")
final class TopologyCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Option(names = "--topology", required = true, converter = Converters.TopologyConverter.class, paramLabel = "SPEC",
			description = "fattree:K, int-label, watts-strogatz:N,K,BETA,SEED[,HOSTS] or FILE.json")
	Topology topology;

	@Option(names = "--export", required = true, paramLabel = "FILE", description = "where to write it")
	Path export;

	@Option(names = "--p4runtime-base-port", paramLabel = "N",
			description = "number the switches' P4Runtime ports N, N+1, ... (default: as the topology says)")
	Integer basePort;

	@Override
	public Integer call() throws IOException {
		if (this.basePort != null && (this.basePort < 1 || this.basePort > 65535)) {
			throw new ParameterException(this.spec.commandLine(),
					"--p4runtime-base-port must be 1..65535 here, got " + this.basePort);
		}
		Topology written = (this.basePort != null) ? this.topology.withP4RuntimePorts(this.basePort) : this.topology;
		TopologyJson.write(written, this.export);
		this.spec.commandLine()
			.getOut()
			.printf("%s: %d switches, %d hosts, %d links written to %s%n", written.name(), written.switches().size(),
					written.hosts().size(), written.links().size(), this.export);
		return 0;
	}

}
