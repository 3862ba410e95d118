package io.sonde.web.dashboard;

import java.util.List;
import java.util.Optional;

import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkEnd;
import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologySwitch;

/**
 * A catalog holding {@link #LEAF_SPINE} or nothing: one spine, two leaves, one host per
 * leaf.
 */
final class FakeTopology implements TopologyCatalog {

	static final Topology LEAF_SPINE = new Topology("tiny",
			List.of(new TopologySwitch("spine-0", 1, "127.0.0.1", 50001, "spine", "00:00:00:00:01:01"),
					new TopologySwitch("leaf-0", 2, "127.0.0.1", 50002, "leaf", "00:00:00:00:01:02"),
					new TopologySwitch("leaf-1", 3, "127.0.0.1", 50003, "leaf", "00:00:00:00:01:03")),
			List.of(new TopologyHost("h0", "10.0.0.1", "00:00:00:00:00:01"),
					new TopologyHost("h1", "10.0.0.2", "00:00:00:00:00:02")),
			List.of(link("spine-0", 1, "leaf-0", 1), link("spine-0", 2, "leaf-1", 1), link("leaf-0", 2, "h0", 0),
					link("leaf-1", 2, "h1", 0)));

	volatile ImportedTopology current;

	private static TopologyLink link(String a, int aPort, String b, int bPort) {
		return new TopologyLink(new LinkEnd(a, aPort), new LinkEnd(b, bPort), LinkProperties.FORMAT_DEFAULTS);
	}

	void importLeafSpine() {
		this.current = new ImportedTopology(LEAF_SPINE, "tiny.json", FakeSwitches.AT);
	}

	@Override
	public Optional<ImportedTopology> current() {
		return Optional.ofNullable(this.current);
	}

	@Override
	public ImportedTopology importDocument(String document, String source) {
		throw new UnsupportedOperationException("not used by the dashboard");
	}

	@Override
	public String document(Topology topology) {
		throw new UnsupportedOperationException("not used by the dashboard");
	}

}
