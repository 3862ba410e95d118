package io.sonde.emulator.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad options end with picocli's usage code 2 and a message that names the mistake,
 * before any switch is started or any emulator is asked.
 */
class BadOptionsTests {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			run --clock sideways                 | sideways
			run --duration -5s                   | duration
			run --duration soon                  | not a duration
			run --report-format v3.0             | not a report format
			run --topology fattree:3             | even k
			run --topology mesh                  | unknown topology
			run --collector localhost            | HOST:PORT
			run --collector 127.0.0.1:70000      | 1..65535
			run --int-flows lots                 | --int-flows
			run --event-filter per-hop:colour:5  | unknown metric
			run --pcap s1=capture.pcap           | node:port
			run --flows -1                       | --flows
			run --rate 0                         | --rate
			run --p4runtime-base-port 70000      | 0..65535
			run --no-such-option                 | --no-such-option
			topology --topology fattree:4        | --export
			run --clock virtual --control-port 0 | needs --clock real
			run --clock real --no-control --control-port 5 | contradict
			run --clock real --control-port 70000 | 0..65535
			ctl                                  | say what
			ctl link                             | say what
			ctl restart                          | SWITCH
			ctl --port 0 status                  | 1..65535
			ctl link set s1:2                    | at least one of loss
			ctl link set s1:2 --loss 150%        | loss is 0..1
			ctl link set s1:2 --loss lots        | not a loss
			ctl link set s1:2 --delay 5          | not a delay
			ctl link set s1:2 --bandwidth fast   | not a bandwidth
			ctl restart s1 --down soon           | not a delay
			""")
	void exitsWithTheUsageCodeAndSaysWhy(String commandLine, String message) {
		CommandOutput output = CommandOutput.run(commandLine.trim().split("\\s+"));

		assertThat(output.exitCode()).isEqualTo(2);
		assertThat(output.err()).contains(message.trim()).containsAnyOf("Usage:", "Possible solutions:");
	}

	@Test
	void noSubcommandIsAUsageErrorToo() {
		CommandOutput output = CommandOutput.run();

		assertThat(output.exitCode()).isEqualTo(2);
		assertThat(output.err()).contains("run, topology or ctl");
	}

}
