package io.sonde.switches.internal.state;

import java.util.Comparator;
import java.util.List;

import com.google.protobuf.ByteString;
import p4.v1.Action;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.CloneSessionEntry;
import p4.v1.Entity;
import p4.v1.FieldMatch;
import p4.v1.P4Data;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;

/**
 * Entities reduced to what identifies them and what they hold, so that what Sonde wants
 * and what a switch reads back compare equal exactly when the switch behaves as wanted:
 * matches in field-id order, byte strings in their shortest form (P4Runtime §8.4), read
 * side fields (counter data, timestamps) dropped.
 */
final class CanonicalEntities {

	/** The kinds of action profile members and groups, which reconciliation orders. */
	static final String MEMBER = "action-profile-member";

	static final String GROUP = "action-profile-group";

	/**
	 * The kind of a table's default entry: every table has exactly one, so it is
	 * modified, never inserted or deleted (P4Runtime §9.1.2).
	 */
	static final String DEFAULT_ENTRY = "default-entry";

	/** Kinds that exist on every switch whatever was written: only MODIFY applies. */
	static boolean alwaysPresent(String kind) {
		return kind.equals("register") || kind.equals(DEFAULT_ENTRY);
	}

	private CanonicalEntities() {
	}

	/** What identifies the entity on a switch: the key a change addresses. */
	static EntityKey key(Entity entity) {
		return switch (entity.getEntityCase()) {
			case TABLE_ENTRY -> {
				TableEntry entry = table(entity.getTableEntry());
				if (entry.getIsDefaultAction()) {
					yield new EntityKey(DEFAULT_ENTRY, entry.getTableId(), ByteString.EMPTY);
				}
				yield new EntityKey("table", entry.getTableId(),
						entry.toBuilder().clearAction().build().toByteString());
			}
			case REGISTER_ENTRY -> {
				RegisterEntry cell = entity.getRegisterEntry();
				yield new EntityKey("register", cell.getRegisterId(),
						ByteString.copyFromUtf8(Long.toString(cell.getIndex().getIndex())));
			}
			case PACKET_REPLICATION_ENGINE_ENTRY -> {
				CloneSessionEntry session = entity.getPacketReplicationEngineEntry().getCloneSessionEntry();
				yield new EntityKey("clone-session", session.getSessionId(), ByteString.EMPTY);
			}
			case ACTION_PROFILE_MEMBER -> new EntityKey(MEMBER, entity.getActionProfileMember().getActionProfileId(),
					ByteString.copyFromUtf8(Integer.toUnsignedString(entity.getActionProfileMember().getMemberId())));
			case ACTION_PROFILE_GROUP -> new EntityKey(GROUP, entity.getActionProfileGroup().getActionProfileId(),
					ByteString.copyFromUtf8(Integer.toUnsignedString(entity.getActionProfileGroup().getGroupId())));
			default ->
				throw new IllegalArgumentException("Sonde does not keep " + entity.getEntityCase() + " entities");
		};
	}

	/** The entity in canonical form, for equality with another. */
	static Entity canonical(Entity entity) {
		return switch (entity.getEntityCase()) {
			case TABLE_ENTRY -> Entity.newBuilder().setTableEntry(table(entity.getTableEntry())).build();
			case REGISTER_ENTRY -> {
				RegisterEntry cell = entity.getRegisterEntry();
				yield Entity.newBuilder()
					.setRegisterEntry(RegisterEntry.newBuilder()
						.setRegisterId(cell.getRegisterId())
						.setIndex(cell.getIndex())
						.setData(P4Data.newBuilder().setBitstring(shortest(cell.getData().getBitstring()))))
					.build();
			}
			case PACKET_REPLICATION_ENGINE_ENTRY -> {
				CloneSessionEntry.Builder session = entity.getPacketReplicationEngineEntry()
					.getCloneSessionEntry()
					.toBuilder();
				for (int i = 0; i < session.getReplicasCount(); i++) {
					session.setReplicas(i,
							session.getReplicas(i).toBuilder().setPort(shortest(session.getReplicas(i).getPort())));
				}
				yield Entity.newBuilder()
					.setPacketReplicationEngineEntry(
							entity.getPacketReplicationEngineEntry().toBuilder().setCloneSessionEntry(session))
					.build();
			}
			case ACTION_PROFILE_MEMBER -> {
				ActionProfileMember member = entity.getActionProfileMember();
				yield Entity.newBuilder()
					.setActionProfileMember(member.toBuilder().setAction(action(member.getAction())))
					.build();
			}
			case ACTION_PROFILE_GROUP -> {
				// Membership is a set: the order members are listed in means nothing.
				ActionProfileGroup group = entity.getActionProfileGroup();
				List<ActionProfileGroup.Member> members = group.getMembersList()
					.stream()
					.sorted(Comparator.comparingInt(ActionProfileGroup.Member::getMemberId))
					.toList();
				yield Entity.newBuilder()
					.setActionProfileGroup(group.toBuilder().clearMembers().addAllMembers(members))
					.build();
			}
			default ->
				throw new IllegalArgumentException("Sonde does not keep " + entity.getEntityCase() + " entities");
		};
	}

	private static TableEntry table(TableEntry entry) {
		List<FieldMatch> matches = entry.getMatchList()
			.stream()
			.map(CanonicalEntities::match)
			.sorted(Comparator.comparingInt(FieldMatch::getFieldId))
			.toList();
		TableEntry.Builder canonical = TableEntry.newBuilder()
			.setTableId(entry.getTableId())
			.addAllMatch(matches)
			.setPriority(entry.getPriority())
			.setIsDefaultAction(entry.getIsDefaultAction());
		if (entry.hasAction() && entry.getAction().hasAction()) {
			canonical.getActionBuilder().setAction(action(entry.getAction().getAction()));
		}
		else if (entry.hasAction()) {
			// An indirect table's member or group id.
			canonical.setAction(entry.getAction());
		}
		return canonical.build();
	}

	private static Action action(Action given) {
		Action.Builder action = Action.newBuilder().setActionId(given.getActionId());
		given.getParamsList()
			.stream()
			.sorted(Comparator.comparingInt(Action.Param::getParamId))
			.forEach((param) -> action.addParams(param.toBuilder().setValue(shortest(param.getValue()))));
		return action.build();
	}

	private static FieldMatch match(FieldMatch match) {
		FieldMatch.Builder canonical = match.toBuilder();
		switch (match.getFieldMatchTypeCase()) {
			case EXACT -> canonical.getExactBuilder().setValue(shortest(match.getExact().getValue()));
			case LPM -> canonical.getLpmBuilder().setValue(shortest(match.getLpm().getValue()));
			case TERNARY -> canonical.getTernaryBuilder()
				.setValue(shortest(match.getTernary().getValue()))
				.setMask(shortest(match.getTernary().getMask()));
			case RANGE -> canonical.getRangeBuilder()
				.setLow(shortest(match.getRange().getLow()))
				.setHigh(shortest(match.getRange().getHigh()));
			case OPTIONAL -> canonical.getOptionalBuilder().setValue(shortest(match.getOptional().getValue()));
			default -> {
			}
		}
		return canonical.build();
	}

	/** Leading zero bytes dropped; zero is one zero byte. */
	static ByteString shortest(ByteString value) {
		int first = 0;
		while (first < value.size() - 1 && value.byteAt(first) == 0) {
			first++;
		}
		return (value.isEmpty()) ? ByteString.copyFrom(new byte[1]) : value.substring(first);
	}

}
