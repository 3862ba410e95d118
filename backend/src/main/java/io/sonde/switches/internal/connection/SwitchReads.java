package io.sonde.switches.internal.connection;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.grpc.Status;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.client.ReadRejected;
import io.sonde.p4runtime.entity.ActionProfileEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import p4.v1.CloneSessionEntry;
import p4.v1.Entity;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.RegisterEntry;

/**
 * What a reconciliation reads back: every entry of the tables Sonde manages, the default
 * entries of the keyless tables, every member and group of the next-hop selector, the
 * register cells it wants set, and the clone sessions, in one Read request; without the
 * register cells where the switch cannot read registers.
 */
final class SwitchReads {

	private final TableEntries tables;

	private final ActionProfileEntries profiles;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	SwitchReads() {
		this.tables = new TableEntries(SondePipeline.p4Info());
		this.profiles = new ActionProfileEntries(SondePipeline.p4Info());
	}

	List<Entity> installed(P4RuntimeClient connected, List<Entity> wanted) {
		List<Entity> requests = new ArrayList<>();
		SondeEntities.TABLES.forEach((table) -> requests.add(Entities.of(this.tables.allOf(table))));
		// A table's wildcard read leaves its default entry out (P4Runtime §9.1.2): the
		// keyless tables holding the node id and the ECMP salt are read by that entry.
		SondeEntities.DEFAULT_ENTRY_TABLES.forEach((table) -> requests.add(this.entities.defaultEntryRead(table)));
		requests.add(Entities.of(this.profiles.allMembersOf(SondeEntities.NEXT_HOP_SELECTOR)));
		requests.add(Entities.of(this.profiles.allGroupsOf(SondeEntities.NEXT_HOP_SELECTOR)));
		Set<String> cells = new LinkedHashSet<>();
		for (Entity entity : wanted) {
			if (entity.hasRegisterEntry()) {
				RegisterEntry cell = entity.getRegisterEntry();
				if (cells.add(cell.getRegisterId() + "/" + cell.getIndex().getIndex())) {
					requests.add(Entities.of(cell.toBuilder().clearData().build()));
				}
			}
		}
		// Session id 0 reads every clone session (P4Runtime §11.5.2).
		requests.add(Entities.of(PacketReplicationEngineEntry.newBuilder()
			.setCloneSessionEntry(CloneSessionEntry.getDefaultInstance())
			.build()));
		try {
			return connected.read(requests);
		}
		catch (ReadRejected ex) {
			if (ex.code() != Status.Code.UNIMPLEMENTED || cells.isEmpty()) {
				throw ex;
			}
			// BMv2's P4Runtime server cannot read registers ("Register reads are not
			// supported yet") and refuses the whole request: the rest is read alone, and
			// the cells count as not read, so each reconciliation writes them again.
			return connected.read(requests.stream().filter((request) -> !request.hasRegisterEntry()).toList());
		}
	}

}
