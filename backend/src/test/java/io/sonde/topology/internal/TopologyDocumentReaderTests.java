package io.sonde.topology.internal;

import java.util.function.Consumer;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.topology.LinkEnd;
import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologyRejected;
import io.sonde.topology.TopologySwitch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class TopologyDocumentReaderTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	/** Two edge switches, a host on each, every optional field left out. */
	private static final String SMALL = """
			{
			  "format": "sonde-topology",
			  "version": 1,
			  "name": "small",
			  "linkDefaults": { "bandwidthBitsPerSecond": 100000000, "queueCapacityPackets": 64 },
			  "switches": [
			    { "name": "s1", "deviceId": 1, "p4RuntimePort": 50001, "role": "edge" },
			    { "name": "s2", "deviceId": 2, "p4RuntimePort": 50002, "mac": "02:AA:BB:CC:DD:EE" }
			  ],
			  "hosts": [
			    { "name": "h1", "ipv4": "10.0.1.2" },
			    { "name": "h2", "ipv4": "10.0.2.2", "mac": "02:48:0a:00:02:02" }
			  ],
			  "links": [
			    { "a": "h1:1", "b": "s1:1" },
			    { "a": "s1:2", "b": "s2:2", "propagationDelayNanos": 50000, "jitterNanos": 5000, "lossProbability": 0.01 },
			    { "a": "s2:1", "b": "h2:1", "framingOverheadBytes": 0 }
			  ]
			}
			""";

	private final TopologyDocumentReader reader = new TopologyDocumentReader();

	@Test
	void readsTheEmulatorsFatTreeExportSwitchForSwitchHostForHostLinkForLink() {
		io.sonde.emulator.topology.Topology exported = FatTree.build(4).withP4RuntimePorts(50001);

		Topology read = this.reader.read(TopologyJson.write(exported));

		assertThat(read.name()).isEqualTo(exported.name());
		assertThat(read.switches()).hasSize(20);
		for (int i = 0; i < exported.switches().size(); i++) {
			SwitchSpec expected = exported.switches().get(i);
			assertThat(read.switches().get(i)).isEqualTo(new TopologySwitch(expected.name(), expected.deviceId(),
					"127.0.0.1", expected.p4RuntimePort(), expected.role(), expected.mac().toString()));
		}
		assertThat(read.hosts()).hasSize(exported.hosts().size());
		for (int i = 0; i < exported.hosts().size(); i++) {
			HostSpec expected = exported.hosts().get(i);
			assertThat(read.hosts().get(i))
				.isEqualTo(new TopologyHost(expected.name(), expected.ipv4().toString(), expected.mac().toString()));
		}
		assertThat(read.links()).hasSize(exported.links().size());
		for (int i = 0; i < exported.links().size(); i++) {
			LinkSpec expected = exported.links().get(i);
			LinkParameters parameters = expected.parameters();
			assertThat(read.links().get(i))
				.isEqualTo(new TopologyLink(new LinkEnd(expected.a().node(), expected.a().port()),
						new LinkEnd(expected.b().node(), expected.b().port()),
						new LinkProperties(parameters.bandwidthBitsPerSecond(), parameters.propagationDelayNanos(),
								parameters.jitterNanos(), parameters.lossProbability(),
								parameters.queueCapacityPackets(), parameters.framingOverheadBytes())));
		}
	}

	@Test
	void givesOmittedFieldsTheFormatsDefaultsAsTheEmulatorDoes() {
		Topology read = this.reader.read(SMALL);
		io.sonde.emulator.topology.Topology emulators = TopologyJson.read(SMALL);

		assertThat(read.switches()).extracting(TopologySwitch::mac)
			.containsExactly(emulators.switches().get(0).mac().toString(), "02:aa:bb:cc:dd:ee");
		assertThat(read.switches().get(0).mac()).isEqualTo("02:53:00:00:00:01");
		assertThat(read.switches().get(1).role()).isEqualTo("switch").isEqualTo(emulators.switches().get(1).role());
		assertThat(read.hosts().get(0).mac()).isEqualTo("02:48:0a:00:01:02")
			.isEqualTo(emulators.hosts().get(0).mac().toString());
		assertThat(read.links().get(0).properties()).isEqualTo(new LinkProperties(100_000_000L, 1_000, 0, 0.0, 64, 24));
		assertThat(read.links().get(1).properties())
			.isEqualTo(new LinkProperties(100_000_000L, 50_000, 5_000, 0.01, 64, 24));
		assertThat(read.links().get(2).properties().framingOverheadBytes()).isZero();
		assertThat(read.switches().get(0).p4RuntimeAddress()).isEqualTo("127.0.0.1:50001");
	}

	@Test
	void readsADocumentWithoutHostsOrLinks() {
		Topology read = this.reader.read("""
				{"format": "sonde-topology", "version": 1, "name": "lonely",
				 "switches": [{"name": "s1", "deviceId": 7, "p4RuntimePort": 9559}]}
				""");

		assertThat(read.switches()).singleElement().extracting(TopologySwitch::deviceId).isEqualTo(7L);
		assertThat(read.hosts()).isEmpty();
		assertThat(read.links()).isEmpty();
	}

	static Stream<Arguments> badDocuments() {
		return Stream.of(arguments("not JSON", "{\"format\": \"sonde-topology\",,}", "", "is not valid JSON"),
				arguments("trailing text", SMALL + " {}", "", "is not valid JSON"),
				arguments("a field twice", "{\"name\": \"a\", \"name\": \"b\"}", "", "Duplicate field 'name'"),
				arguments("an array", "[]", "", "must be a JSON object"), arguments("nothing", "  ", "", "is empty"),
				arguments("another format", edit((doc) -> doc.put("format", "netjson")), "format",
						"expected 'sonde-topology'"),
				arguments("version 2", edit((doc) -> doc.put("version", 2)), "version", "version 2 is not supported"),
				arguments("no name", edit((doc) -> doc.remove("name")), "name", "is missing"),
				arguments("unknown field", edit((doc) -> switchAt(doc, 1).put("grpcPort", 1)), "switches[1].grpcPort",
						"is not a field of this format"),
				arguments("switches not a list", edit((doc) -> doc.put("switches", "s1")), "switches",
						"must be an array"),
				arguments("device id 0", edit((doc) -> switchAt(doc, 0).put("deviceId", 0)), "switches[0].deviceId",
						"must be non-zero"),
				arguments("device id text", edit((doc) -> switchAt(doc, 0).put("deviceId", "1")),
						"switches[0].deviceId", "must be an integer"),
				arguments("device id twice", edit((doc) -> switchAt(doc, 1).put("deviceId", 1)), "switches[1].deviceId",
						"device id 1 is used twice"),
				arguments("no P4Runtime port", edit((doc) -> switchAt(doc, 1).remove("p4RuntimePort")),
						"switches[1].p4RuntimePort", "is needed to reach the switch"),
				arguments("P4Runtime port 0", edit((doc) -> switchAt(doc, 0).put("p4RuntimePort", 0)),
						"switches[0].p4RuntimePort", "is needed to reach the switch"),
				arguments("P4Runtime port too big", edit((doc) -> switchAt(doc, 0).put("p4RuntimePort", 70000)),
						"switches[0].p4RuntimePort", "must be within 0..65535"),
				arguments("P4Runtime port twice", edit((doc) -> switchAt(doc, 1).put("p4RuntimePort", 50001)),
						"switches[1].p4RuntimePort", "P4Runtime port 50001 is used twice"),
				arguments("colon in a name", edit((doc) -> switchAt(doc, 0).put("name", "s:1")), "switches[0].name",
						"contains ':'"),
				arguments("host named like a switch", edit((doc) -> hostAt(doc, 0).put("name", "s2")), "hosts[0].name",
						"node name 's2' is used twice"),
				arguments("bad MAC", edit((doc) -> switchAt(doc, 0).put("mac", "02:53:00:00:01")), "switches[0].mac",
						"is not a MAC address"),
				arguments("MAC twice", edit((doc) -> hostAt(doc, 1).put("mac", "02:aa:bb:cc:dd:ee")), "hosts[1].mac",
						"is used twice"),
				arguments("bad IPv4", edit((doc) -> hostAt(doc, 0).put("ipv4", "10.0.1.256")), "hosts[0].ipv4",
						"256 > 255"),
				arguments("IPv4 twice", edit((doc) -> hostAt(doc, 1).put("ipv4", "10.0.1.2")), "hosts[1].ipv4",
						"IPv4 address 10.0.1.2 is used twice"),
				arguments("link end without port", edit((doc) -> linkAt(doc, 0).put("a", "h1")), "links[0].a",
						"node:port"),
				arguments("link to an unknown node", edit((doc) -> linkAt(doc, 1).put("b", "s3:2")), "links[1].b",
						"unknown node 's3'"),
				arguments("port beyond 511", edit((doc) -> linkAt(doc, 1).put("b", "s2:512")), "links[1].b",
						"outside 0..511"),
				arguments("port with two links", edit((doc) -> linkAt(doc, 2).put("a", "s2:2")), "links[2].a",
						"port s2:2 already carries a link"),
				arguments("link to itself", edit((doc) -> linkAt(doc, 1).put("b", "s1:3")), "links[1]", "to itself"),
				arguments("host without link", edit((doc) -> links(doc).remove(2)), "hosts[1]", "has 0 links"),
				arguments("loss above 1", edit((doc) -> linkAt(doc, 1).put("lossProbability", 1.5)),
						"links[1].lossProbability", "must be within 0..1"),
				arguments("zero bandwidth default",
						edit((doc) -> ((ObjectNode) doc.get("linkDefaults")).put("bandwidthBitsPerSecond", 0)),
						"linkDefaults.bandwidthBitsPerSecond", "must be within 1.."));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badDocuments")
	void rejectsNamingTheFieldOfTheFirstProblem(String what, String document, String field, String problem) {
		assertThatExceptionOfType(TopologyRejected.class).isThrownBy(() -> this.reader.read(document))
			.satisfies((rejected) -> {
				assertThat(rejected.field()).isEqualTo(field);
				assertThat(rejected.problem()).contains(problem);
				assertThat(rejected.getMessage()).startsWith(field.isEmpty() ? "the document: " : field + ": ");
			});
	}

	@Test
	void saysWhereInTheTextAJsonErrorIs() {
		assertThatExceptionOfType(TopologyRejected.class)
			.isThrownBy(() -> this.reader.read("{\n  \"format\": \"sonde-topology\",\n  \"version\": 1,,\n}"))
			.withMessageContaining("at line 3");
	}

	@Test
	void theUneditedDocumentOfTheseTestsIsValid() {
		assertThat(this.reader.read(edit((document) -> {
		})).switches()).extracting(TopologySwitch::name).containsExactly("s1", "s2");
	}

	private static String edit(Consumer<ObjectNode> change) {
		try {
			ObjectNode document = (ObjectNode) JSON.readTree(SMALL);
			change.accept(document);
			return JSON.writeValueAsString(document);
		}
		catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static ObjectNode switchAt(ObjectNode document, int index) {
		return (ObjectNode) document.get("switches").get(index);
	}

	private static ObjectNode hostAt(ObjectNode document, int index) {
		return (ObjectNode) document.get("hosts").get(index);
	}

	private static ObjectNode linkAt(ObjectNode document, int index) {
		return (ObjectNode) links(document).get(index);
	}

	private static ArrayNode links(ObjectNode document) {
		return (ArrayNode) document.get("links");
	}

}
