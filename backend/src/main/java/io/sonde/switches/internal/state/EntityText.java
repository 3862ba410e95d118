package io.sonde.switches.internal.state;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import com.google.protobuf.ByteString;
import io.sonde.p4runtime.info.ActionInfo;
import io.sonde.p4runtime.info.MatchFieldInfo;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;
import io.sonde.switches.InstalledEntity;
import p4.v1.Action;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.CloneSessionEntry;
import p4.v1.CounterEntry;
import p4.v1.Entity;
import p4.v1.FieldMatch;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;

/**
 * Entities as people read them, with the pipeline's names: addresses dotted, MACs in
 * colons, other values in decimal.
 */
public final class EntityText {

	private final P4InfoIndex p4Info;

	public EntityText(P4InfoIndex p4Info) {
		this.p4Info = p4Info;
	}

	/** The entity as an {@link InstalledEntity}. */
	public InstalledEntity installed(Entity entity) {
		return switch (entity.getEntityCase()) {
			case TABLE_ENTRY -> tableEntry(entity.getTableEntry());
			case REGISTER_ENTRY -> {
				RegisterEntry cell = entity.getRegisterEntry();
				yield new InstalledEntity("register",
						this.p4Info.register(cell.getRegisterId()).getPreamble().getName(),
						Map.of("index", Long.toString(cell.getIndex().getIndex())),
						Map.of("value", unsigned(cell.getData().getBitstring()).toString()), 0);
			}
			case COUNTER_ENTRY -> {
				CounterEntry cell = entity.getCounterEntry();
				yield new InstalledEntity("counter", this.p4Info.counter(cell.getCounterId()).getPreamble().getName(),
						Map.of("index", Long.toString(cell.getIndex().getIndex())),
						Map.of("packets", Long.toString(cell.getData().getPacketCount()), "bytes",
								Long.toString(cell.getData().getByteCount())),
						0);
			}
			case PACKET_REPLICATION_ENGINE_ENTRY -> {
				CloneSessionEntry session = entity.getPacketReplicationEngineEntry().getCloneSessionEntry();
				yield new InstalledEntity("clone-session", "clone session " + session.getSessionId(),
						Map.of("session", Integer.toString(session.getSessionId())),
						Map.of("ports",
								session.getReplicasList()
									.stream()
									.map((replica) -> unsigned(replica.getPort()).toString())
									.collect(Collectors.joining(","))),
						0);
			}
			case ACTION_PROFILE_MEMBER -> {
				ActionProfileMember member = entity.getActionProfileMember();
				Map<String, String> value = new LinkedHashMap<>();
				action(member.getAction(), value);
				yield new InstalledEntity(CanonicalEntities.MEMBER, profileName(member.getActionProfileId()),
						Map.of("member", Integer.toUnsignedString(member.getMemberId())), value, 0);
			}
			case ACTION_PROFILE_GROUP -> {
				ActionProfileGroup group = entity.getActionProfileGroup();
				Map<String, String> value = new LinkedHashMap<>();
				value.put("members",
						group.getMembersList()
							.stream()
							.map((m) -> Integer.toUnsignedString(m.getMemberId())
									+ ((m.getWeight() > 1) ? "x" + m.getWeight() : ""))
							.collect(Collectors.joining(",")));
				value.put("max_size", Integer.toString(group.getMaxSize()));
				yield new InstalledEntity(CanonicalEntities.GROUP, profileName(group.getActionProfileId()),
						Map.of("group", Integer.toUnsignedString(group.getGroupId())), value, 0);
			}
			default -> throw new IllegalArgumentException("cannot show " + entity.getEntityCase() + " entities");
		};
	}

	private String profileName(int profileId) {
		return this.p4Info.actionProfile(profileId).getPreamble().getName();
	}

	/**
	 * Identity: {@code table field=value ...}, {@code register[index]},
	 * {@code clone session N}.
	 */
	public String identity(Entity entity) {
		InstalledEntity shown = installed(entity);
		String key = shown.key()
			.entrySet()
			.stream()
			.map((field) -> field.getKey() + "=" + field.getValue())
			.collect(Collectors.joining(" "));
		if (shown.priority() != 0) {
			key = key + " priority=" + shown.priority();
		}
		boolean keyed = shown.kind().equals("table") || shown.kind().equals(CanonicalEntities.MEMBER)
				|| shown.kind().equals(CanonicalEntities.GROUP);
		return keyed ? (shown.name() + " " + key).trim()
				: shown.kind().equals("register") ? shown.name() + "[" + shown.key().get("index") + "]" : shown.name();
	}

	/**
	 * What it holds: {@code action(param=value, ...)}, a register value, replica ports, a
	 * group's members.
	 */
	public String content(Entity entity) {
		InstalledEntity shown = installed(entity);
		if (shown.kind().equals("table") || shown.kind().equals(CanonicalEntities.MEMBER)) {
			String action = shown.value().getOrDefault("action", "(no action)");
			String params = shown.value()
				.entrySet()
				.stream()
				.filter((param) -> !param.getKey().equals("action"))
				.map((param) -> param.getKey() + "=" + param.getValue())
				.collect(Collectors.joining(", "));
			return action + "(" + params + ")";
		}
		return shown.value()
			.entrySet()
			.stream()
			.map((field) -> field.getKey() + "=" + field.getValue())
			.collect(Collectors.joining(" "));
	}

	private InstalledEntity tableEntry(TableEntry entry) {
		TableInfo table = this.p4Info.table(entry.getTableId());
		Map<String, String> key = new LinkedHashMap<>();
		for (FieldMatch match : entry.getMatchList()) {
			MatchFieldInfo field = table.matchField(match.getFieldId());
			key.put(field.name(), match(field, match));
		}
		Map<String, String> value = new LinkedHashMap<>();
		if (entry.hasAction() && entry.getAction().hasAction()) {
			action(entry.getAction().getAction(), value);
		}
		else if (entry.hasAction() && entry.getAction().getActionProfileGroupId() != 0) {
			value.put("action", "group " + Integer.toUnsignedString(entry.getAction().getActionProfileGroupId()));
		}
		else if (entry.hasAction() && entry.getAction().getActionProfileMemberId() != 0) {
			value.put("action", "member " + Integer.toUnsignedString(entry.getAction().getActionProfileMemberId()));
		}
		if (entry.getIsDefaultAction()) {
			key.put("default", "true");
		}
		return new InstalledEntity("table", table.name(), key, value, entry.getPriority());
	}

	/** The action's name under "action", then its parameters by name. */
	private void action(Action action, Map<String, String> value) {
		ActionInfo info = this.p4Info.action(action.getActionId());
		value.put("action", info.name());
		for (Action.Param param : action.getParamsList()) {
			String name = info.param(param.getParamId()).name();
			value.put(name, format(name, info.param(param.getParamId()).bitwidth(), param.getValue()));
		}
	}

	private static String match(MatchFieldInfo field, FieldMatch match) {
		String name = field.name();
		int width = field.bitwidth();
		return switch (match.getFieldMatchTypeCase()) {
			case EXACT -> format(name, width, match.getExact().getValue());
			case LPM -> format(name, width, match.getLpm().getValue()) + "/" + match.getLpm().getPrefixLen();
			case TERNARY -> format(name, width, match.getTernary().getValue()) + "&&&"
					+ format(name, width, match.getTernary().getMask());
			case RANGE -> unsigned(match.getRange().getLow()) + ".." + unsigned(match.getRange().getHigh());
			case OPTIONAL -> format(name, width, match.getOptional().getValue());
			default -> "?";
		};
	}

	/** 32-bit addresses dotted, 48-bit MACs in colons, the rest decimal. */
	static String format(String name, int bitwidth, ByteString value) {
		BigInteger number = unsigned(value);
		if (bitwidth == 32 && (name.contains("ip") || name.contains("addr"))) {
			long v = number.longValue();
			return (v >>> 24 & 0xFF) + "." + (v >>> 16 & 0xFF) + "." + (v >>> 8 & 0xFF) + "." + (v & 0xFF);
		}
		if (bitwidth == 48 && name.contains("mac")) {
			long v = number.longValue();
			StringBuilder mac = new StringBuilder();
			for (int shift = 40; shift >= 0; shift -= 8) {
				mac.append(String.format("%02x", v >>> shift & 0xFF));
				if (shift > 0) {
					mac.append(':');
				}
			}
			return mac.toString();
		}
		return number.toString();
	}

	private static BigInteger unsigned(ByteString value) {
		return value.isEmpty() ? BigInteger.ZERO : new BigInteger(1, value.toByteArray());
	}

}
