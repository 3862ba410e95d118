package io.sonde.p4runtime.entity;

import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;
import p4.v1.TableEntry;

/**
 * Builds {@link TableEntry} messages by name, resolving ids, bitwidths and match kinds
 * through the P4Info so that callers never handle raw ids.
 *
 * <pre class="code">
 * TableEntry entry = entries.table("MyIngress.ipv4_lpm")
 * 	.lpm("hdr.ipv4.dstAddr", Bytestrings.ipv4("10.0.1.0"), 24)
 * 	.action("MyIngress.set_nhop")
 * 	.param("port", 1)
 * 	.param("dmac", Bytestrings.mac("00:00:00:00:01:01"))
 * 	.build();
 * </pre>
 */
public final class TableEntries {

	private final P4InfoIndex p4Info;

	public TableEntries(P4InfoIndex p4Info) {
		this.p4Info = p4Info;
	}

	/** Starts an entry of the named table. */
	public TableEntryBuilder table(String tableName) {
		return new TableEntryBuilder(this.p4Info, this.p4Info.table(tableName));
	}

	/** Starts the entry that sets the table's default action (match must stay empty). */
	public TableEntryBuilder defaultAction(String tableName) {
		return table(tableName).asDefaultAction();
	}

	/** A read filter for every entry of the table. */
	public TableEntry allOf(String tableName) {
		TableInfo table = this.p4Info.table(tableName);
		return TableEntry.newBuilder().setTableId(table.id()).build();
	}

	/** A read filter for every entry of every table (table_id 0). */
	public TableEntry allTables() {
		return TableEntry.getDefaultInstance();
	}

}
