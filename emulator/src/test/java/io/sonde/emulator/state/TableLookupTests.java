package io.sonde.emulator.state;

import java.math.BigInteger;
import java.util.List;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import org.junit.jupiter.api.Test;
import p4.v1.TableEntry;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;

/** What the data plane gets back from a table for a key, for every lookup structure. */
class TableLookupTests {

	private final SwitchState state = new SwitchState(TestPrograms.everyKind());

	private final TableEntries entries = new TableEntries(TestPrograms.everyKind());

	private void write(TableEntry... toInsert) {
		List<Update> updates = java.util.Arrays.stream(toInsert).map(Updates::insert).toList();
		assertThat(this.state.write(updates)).allMatch(Status::isOk);
	}

	private TableEntry route(String prefix, int length, int port) {
		return this.entries.table("routes")
			.lpm("dst_addr", Bytestrings.ipv4(prefix), length)
			.action("set_next_hop")
			.param("port", port)
			.param("dmac", 0x0a0b0c0d0e0fL)
			.build();
	}

	private static long ipv4(String address) {
		return Bytestrings.toLong(Bytestrings.ipv4(address));
	}

	@Test
	void longestPrefixWins() {
		write(route("10.0.0.0", 8, 1), route("10.1.0.0", 16, 2), route("10.1.2.0", 24, 3));
		TableLookup routes = this.state.table("routes");
		long[] key = routes.newKey();

		key[0] = ipv4("10.1.2.9");
		assertThat(routes.lookup(key).action().param(0)).isEqualTo(3);
		key[0] = ipv4("10.1.9.9");
		assertThat(routes.lookup(key).action().param(0)).isEqualTo(2);
		key[0] = ipv4("10.9.9.9");
		assertThat(routes.lookup(key).action().param(0)).isEqualTo(1);
		assertThat(routes.lookup(key).action().param(1)).isEqualTo(0x0a0b0c0d0e0fL);
	}

	@Test
	void missRunsTheDefaultEntry() {
		write(route("10.0.0.0", 8, 1));
		TableLookup routes = this.state.table("routes");
		long[] key = routes.newKey();
		key[0] = ipv4("192.168.0.1");

		InstalledEntry entry = routes.lookup(key);

		assertThat(entry.isDefault()).isTrue();
		assertThat(entry.action().actionId()).isEqualTo(TestPrograms.everyKind().action("NoAction").id());
	}

	@Test
	void modifyChangesTheActionAPacketSees() {
		write(route("10.0.0.0", 8, 1));
		TableLookup routes = this.state.table("routes");
		long[] key = routes.newKey();
		key[0] = ipv4("10.0.0.1");
		InstalledEntry before = routes.lookup(key);

		assertThat(this.state.write(List.of(Updates.modify(route("10.0.0.0", 8, 7))))).allMatch(Status::isOk);

		assertThat(routes.lookup(key)).isSameAs(before);
		assertThat(routes.lookup(key).action().param(0)).isEqualTo(7);
	}

	@Test
	void deletedEntriesNoLongerMatch() {
		write(route("10.0.0.0", 8, 1));
		assertThat(this.state.write(List.of(Updates.delete(route("10.0.0.0", 8, 1))))).allMatch(Status::isOk);
		TableLookup routes = this.state.table("routes");
		long[] key = routes.newKey();
		key[0] = ipv4("10.0.0.1");

		assertThat(routes.lookup(key).isDefault()).isTrue();
		assertThat(routes.size()).isZero();
	}

	@Test
	void exactFieldsAndA128BitPrefixMatchTogether() {
		ByteString net = ByteString.copyFrom(new BigInteger("20010db8000000000000000000000000", 16).toByteArray());
		write(this.entries.table("routes_v6")
			.exact("vrf", 3)
			.lpm("dst_addr", Bytestrings.canonicalize(net, 128), 32)
			.action("set_next_hop")
			.param("port", 5)
			.param("dmac", 1)
			.build());
		TableLookup table = this.state.table("routes_v6");
		long[] key = table.newKey();
		assertThat(key).hasSize(3);
		key[table.keyOffset(0)] = 3;
		key[table.keyOffset(1)] = 0x20010db812345678L;
		key[table.keyOffset(1) + 1] = 42;

		assertThat(table.lookup(key).action().param(0)).isEqualTo(5);
		key[table.keyOffset(0)] = 4;
		assertThat(table.lookup(key).isDefault()).isTrue();
	}

	private TableEntry acl(int priority, String action,
			java.util.function.UnaryOperator<io.sonde.p4runtime.entity.TableEntryBuilder> key) {
		return key.apply(this.entries.table("acl").exact("ether_type", 0x0800))
			.priority(priority)
			.action(action)
			.build();
	}

	@Test
	void higherPriorityWinsAmongOverlappingTernaryEntries() {
		write(acl(10, "drop", (b) -> b.ternary("src_addr", ipv4("10.0.0.0"), 0xff000000L)),
				acl(20, "punt", (b) -> b.ternary("src_addr", ipv4("10.1.0.0"), 0xffff0000L)));
		TableLookup table = this.state.table("acl");
		long[] key = table.newKey();
		key[table.keyOffset(0)] = 0x0800;

		key[table.keyOffset(1)] = ipv4("10.1.2.3");
		assertThat(table.lookup(key).priority()).isEqualTo(20);
		key[table.keyOffset(1)] = ipv4("10.2.2.3");
		assertThat(table.lookup(key).priority()).isEqualTo(10);
		key[table.keyOffset(0)] = 0x86dd;
		assertThat(table.lookup(key).isDefault()).isTrue();
	}

	@Test
	void rangeBoundsAreInclusiveAndOptionalFieldsMatchExactly() {
		write(acl(5, "drop", (b) -> b.range("l4_dst_port", 1000, 2000).optional("ingress_port", 3)));
		TableLookup table = this.state.table("acl");
		long[] key = table.newKey();
		key[table.keyOffset(0)] = 0x0800;
		key[table.keyOffset(3)] = 3;

		for (long port : new long[] { 1000, 1500, 2000 }) {
			key[table.keyOffset(2)] = port;
			assertThat(table.lookup(key).isDefault()).as("port %d", port).isFalse();
		}
		key[table.keyOffset(2)] = 2001;
		assertThat(table.lookup(key).isDefault()).isTrue();
		key[table.keyOffset(2)] = 1500;
		key[table.keyOffset(3)] = 4;
		assertThat(table.lookup(key).isDefault()).isTrue();
	}

	@Test
	void omittedFieldsMatchAnything() {
		write(acl(1, "drop", (b) -> b));
		TableLookup table = this.state.table("acl");
		long[] key = table.newKey();
		key[table.keyOffset(0)] = 0x0800;
		key[table.keyOffset(1)] = ipv4("172.16.0.1");
		key[table.keyOffset(2)] = 65535;
		key[table.keyOffset(3)] = 511;

		assertThat(table.lookup(key).isDefault()).isFalse();
	}

	@Test
	void exactTablesFindEveryEntryAmongMany() {
		TableLookup table = this.state.table("sink_ports");
		write(this.entries.table("sink_ports").exact("egress_port", 7).action("mark_sink").param("session", 70).build(),
				this.entries.table("sink_ports")
					.exact("egress_port", 9)
					.action("mark_sink")
					.param("session", 90)
					.build());
		long[] key = table.newKey();

		key[0] = 7;
		assertThat(table.lookup(key).action().param(0)).isEqualTo(70);
		key[0] = 9;
		assertThat(table.lookup(key).action().param(0)).isEqualTo(90);
		key[0] = 8;
		assertThat(table.lookup(key).isDefault()).isTrue();
	}

	@Test
	void directCountersCountPerEntry() {
		write(route("10.0.0.0", 8, 1));
		TableLookup routes = this.state.table("routes");
		long[] key = routes.newKey();
		key[0] = ipv4("10.0.0.1");

		routes.lookup(key).count(100);
		routes.lookup(key).count(60);

		assertThat(routes.lookup(key).packets()).isEqualTo(2);
		assertThat(routes.lookup(key).bytes()).isEqualTo(160);
	}

	@Test
	void resetEmptiesTablesButKeepsTheObjectsTheDataPlaneHolds() {
		write(route("10.0.0.0", 8, 1));
		TableLookup routes = this.state.table("routes");

		this.state.reset();

		assertThat(this.state.table("routes")).isSameAs(routes);
		assertThat(routes.size()).isZero();
		long[] key = routes.newKey();
		key[0] = ipv4("10.0.0.1");
		assertThat(routes.lookup(key).isDefault()).isTrue();
	}

}
