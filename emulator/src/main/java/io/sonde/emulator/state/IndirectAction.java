package io.sonde.emulator.state;

import p4.v1.TableAction;

/**
 * The action of an entry of an indirect table (P4Runtime §9.2): a member of the table's
 * action profile, or a group of its action selector, by id. The data plane resolves it
 * through {@link ActionProfileLookup} for every packet, so a MODIFY of the member or the
 * group takes effect for every entry naming it.
 *
 * @param group whether {@code id} is a group id, else a member id
 * @param id the member or group id (from 1)
 */
public record IndirectAction(boolean group, int id) {

	TableAction toProto() {
		return this.group ? TableAction.newBuilder().setActionProfileGroupId(this.id).build()
				: TableAction.newBuilder().setActionProfileMemberId(this.id).build();
	}

	String describe() {
		return (this.group ? "group " : "member ") + Integer.toUnsignedString(this.id);
	}

}
