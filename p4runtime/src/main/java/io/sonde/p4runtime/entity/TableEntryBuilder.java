package io.sonde.p4runtime.entity;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.ByteString;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.ActionInfo;
import io.sonde.p4runtime.info.ActionParamInfo;
import io.sonde.p4runtime.info.MatchFieldInfo;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;
import p4.config.v1.ActionRef;
import p4.config.v1.MatchField.MatchType;
import p4.v1.Action;
import p4.v1.FieldMatch;
import p4.v1.TableAction;
import p4.v1.TableEntry;

/**
 * One table entry under construction. Values are canonicalised as they are added (spec
 * §8.3) and {@link #build()} applies the key rules of spec §9.1: don't-care matches are
 * left out, exact fields are mandatory, and a priority is given iff the table has a
 * ternary, range or optional field.
 */
public final class TableEntryBuilder {

	private final P4InfoIndex p4Info;

	private final TableInfo table;

	private final Map<MatchFieldInfo, FieldMatch> matches = new LinkedHashMap<>();

	private final Map<ActionParamInfo, ByteString> params = new LinkedHashMap<>();

	private ActionInfo action;

	/** An indirect table's action: a member or group id of its action profile. */
	private TableAction indirect;

	private int priority;

	private boolean defaultAction;

	private ByteString metadata = ByteString.EMPTY;

	private long idleTimeoutNs;

	TableEntryBuilder(P4InfoIndex p4Info, TableInfo table) {
		this.p4Info = p4Info;
		this.table = table;
	}

	public TableEntryBuilder exact(String field, long value) {
		return exact(field, encode(field, value));
	}

	public TableEntryBuilder exact(String field, BigInteger value) {
		return exact(field, encode(field, value));
	}

	public TableEntryBuilder exact(String field, ByteString value) {
		MatchFieldInfo info = field(field, MatchType.EXACT);
		return match(info,
				FieldMatch.newBuilder().setExact(FieldMatch.Exact.newBuilder().setValue(canonical(info, value))));
	}

	public TableEntryBuilder ternary(String field, long value, long mask) {
		return ternary(field, encode(field, value), encode(field, mask));
	}

	/** A ternary match; a zero mask makes the field a don't-care, left out of the key. */
	public TableEntryBuilder ternary(String field, ByteString value, ByteString mask) {
		MatchFieldInfo info = field(field, MatchType.TERNARY);
		ByteString v = canonical(info, value);
		ByteString m = canonical(info, mask);
		BigInteger bits = Bytestrings.toBigInteger(v);
		BigInteger maskBits = Bytestrings.toBigInteger(m);
		if (!bits.andNot(maskBits).equals(BigInteger.ZERO)) {
			throw InvalidEntity.invalid(describe(), "ternary " + field + " has value bits outside its mask");
		}
		return match(info, FieldMatch.newBuilder().setTernary(FieldMatch.Ternary.newBuilder().setValue(v).setMask(m)));
	}

	public TableEntryBuilder lpm(String field, long value, int prefixLength) {
		return lpm(field, encode(field, value), prefixLength);
	}

	/** A longest-prefix match; prefix length 0 is a don't-care, left out of the key. */
	public TableEntryBuilder lpm(String field, ByteString value, int prefixLength) {
		MatchFieldInfo info = field(field, MatchType.LPM);
		if (prefixLength < 0 || prefixLength > info.bitwidth()) {
			throw InvalidEntity.invalid(describe(),
					"prefix length " + prefixLength + " of " + field + " is outside 0.." + info.bitwidth());
		}
		ByteString v = canonical(info, value);
		BigInteger hostBits = BigInteger.ONE.shiftLeft(info.bitwidth() - prefixLength).subtract(BigInteger.ONE);
		if (Bytestrings.toBigInteger(v).and(hostBits).signum() != 0) {
			throw InvalidEntity.invalid(describe(), "lpm " + field + " has bits set beyond /" + prefixLength);
		}
		return match(info,
				FieldMatch.newBuilder().setLpm(FieldMatch.LPM.newBuilder().setValue(v).setPrefixLen(prefixLength)));
	}

	public TableEntryBuilder range(String field, long low, long high) {
		return range(field, encode(field, low), encode(field, high));
	}

	/** An inclusive range; the full range of the field is a don't-care, left out. */
	public TableEntryBuilder range(String field, ByteString low, ByteString high) {
		MatchFieldInfo info = field(field, MatchType.RANGE);
		ByteString lo = canonical(info, low);
		ByteString hi = canonical(info, high);
		if (Bytestrings.toBigInteger(lo).compareTo(Bytestrings.toBigInteger(hi)) > 0) {
			throw InvalidEntity.invalid(describe(), "range " + field + " has low above high");
		}
		return match(info, FieldMatch.newBuilder().setRange(FieldMatch.Range.newBuilder().setLow(lo).setHigh(hi)));
	}

	public TableEntryBuilder optional(String field, long value) {
		return optional(field, encode(field, value));
	}

	/** An optional match with a value; a wildcard is expressed by not calling this. */
	public TableEntryBuilder optional(String field, ByteString value) {
		MatchFieldInfo info = field(field, MatchType.OPTIONAL);
		return match(info,
				FieldMatch.newBuilder().setOptional(FieldMatch.Optional.newBuilder().setValue(canonical(info, value))));
	}

	/**
	 * Higher wins; required (non-zero) iff the table has ternary/range/optional fields.
	 */
	public TableEntryBuilder priority(int priority) {
		this.priority = priority;
		return this;
	}

	/** Selects the action; follow with one {@link #param} call per action parameter. */
	public TableEntryBuilder action(String actionName) {
		if (this.table.isIndirect()) {
			throw InvalidEntity.invalid(describe(), "an indirect table's entries name an action profile member or "
					+ "group, not an action (spec §9.1.2)");
		}
		ActionInfo chosen = this.p4Info.action(actionName);
		if (this.table.actionRef(chosen.id()).isEmpty()) {
			throw InvalidEntity.invalid(describe(), "action " + chosen.name() + " is not an action of this table");
		}
		this.action = chosen;
		this.indirect = null;
		this.params.clear();
		return this;
	}

	/**
	 * The action of an indirect table: the group {@code groupId} of its action selector.
	 */
	public TableEntryBuilder actionProfileGroup(int groupId) {
		return indirect(TableAction.newBuilder().setActionProfileGroupId(groupId).build(), groupId, "group");
	}

	/**
	 * The action of an indirect table: the member {@code memberId} of its action profile.
	 */
	public TableEntryBuilder actionProfileMember(int memberId) {
		return indirect(TableAction.newBuilder().setActionProfileMemberId(memberId).build(), memberId, "member");
	}

	private TableEntryBuilder indirect(TableAction action, int id, String what) {
		if (!this.table.isIndirect()) {
			throw InvalidEntity.invalid(describe(),
					"a direct table's entries name an action, not an action profile " + what + " (spec §9.1.2)");
		}
		if (id == 0) {
			throw InvalidEntity.invalid(describe(), "action profile " + what + " ids start at 1");
		}
		this.indirect = action;
		this.action = null;
		return this;
	}

	public TableEntryBuilder param(String name, long value) {
		return param(name, BigInteger.valueOf(value));
	}

	public TableEntryBuilder param(String name, BigInteger value) {
		ActionParamInfo param = requireAction().param(name);
		try {
			return param(name, Bytestrings.encode(value, param.bitwidth()));
		}
		catch (BytestringRejected ex) {
			throw new InvalidEntity(describe(), ex.code(), "parameter " + name + ": " + ex.getMessage());
		}
	}

	public TableEntryBuilder param(String name, ByteString value) {
		ActionParamInfo param = requireAction().param(name);
		try {
			this.params.put(param, Bytestrings.canonicalize(value, param.bitwidth()));
		}
		catch (BytestringRejected ex) {
			throw new InvalidEntity(describe(), ex.code(), "parameter " + name + ": " + ex.getMessage());
		}
		return this;
	}

	/** Makes this the entry that sets the table's default action. */
	public TableEntryBuilder asDefaultAction() {
		this.defaultAction = true;
		return this;
	}

	/** Opaque controller cookie, returned as written on reads. */
	public TableEntryBuilder metadata(ByteString metadata) {
		this.metadata = metadata;
		return this;
	}

	public TableEntryBuilder idleTimeoutNs(long idleTimeoutNs) {
		this.idleTimeoutNs = idleTimeoutNs;
		return this;
	}

	/**
	 * The entry, match fields sorted by id so that equal keys are equal messages. An
	 * entry without action is valid as a DELETE key or a read filter.
	 */
	public TableEntry build() {
		TableEntry.Builder entry = TableEntry.newBuilder()
			.setTableId(this.table.id())
			.setMetadata(this.metadata)
			.setIdleTimeoutNs(this.idleTimeoutNs);
		if (this.defaultAction) {
			checkDefaultEntry();
			entry.setIsDefaultAction(true);
		}
		else {
			checkKey();
			entry.setPriority(this.priority);
			List<MatchFieldInfo> fields = new ArrayList<>(this.matches.keySet());
			fields.sort(Comparator.comparingInt(MatchFieldInfo::id));
			fields.stream().map(this.matches::get).filter((m) -> !isDontCare(m)).forEach(entry::addMatch);
		}
		if (this.action != null) {
			checkActionScope();
			entry.setAction(TableAction.newBuilder().setAction(buildAction()));
		}
		else if (this.indirect != null) {
			entry.setAction(this.indirect);
		}
		return entry.build();
	}

	private void checkKey() {
		for (MatchFieldInfo field : this.table.matchFields()) {
			if (field.matchType() == MatchType.EXACT && !this.matches.containsKey(field)) {
				throw InvalidEntity.invalid(describe(), "exact field " + field.name() + " cannot be omitted");
			}
		}
		if (this.table.needsPriority() && this.priority <= 0) {
			throw InvalidEntity.invalid(describe(), "entries of a table with ternary, range or optional fields "
					+ "need a positive priority, got " + this.priority);
		}
		if (!this.table.needsPriority() && this.priority != 0) {
			throw InvalidEntity.invalid(describe(), "priority must be 0 for a table without ternary, range or "
					+ "optional fields, got " + this.priority);
		}
	}

	private void checkDefaultEntry() {
		if (!this.matches.isEmpty() || this.priority != 0) {
			throw InvalidEntity.invalid(describe(), "a default-action entry has no match and no priority");
		}
		if (this.table.constDefaultActionId() != 0) {
			throw new InvalidEntity(describe(), io.grpc.Status.Code.PERMISSION_DENIED, "the default action is const");
		}
		if (this.action == null) {
			throw InvalidEntity.invalid(describe(), "a default-action entry needs an action");
		}
	}

	private void checkActionScope() {
		ActionRef.Scope scope = this.table.actionRef(this.action.id()).orElseThrow().getScope();
		if (this.defaultAction && scope == ActionRef.Scope.TABLE_ONLY) {
			throw InvalidEntity.invalid(describe(), this.action.name() + " cannot be the default action");
		}
		if (!this.defaultAction && scope == ActionRef.Scope.DEFAULT_ONLY) {
			throw InvalidEntity.invalid(describe(), this.action.name() + " can only be the default action");
		}
	}

	private Action buildAction() {
		Action.Builder built = Action.newBuilder().setActionId(this.action.id());
		for (ActionParamInfo param : this.action.params()) {
			ByteString value = this.params.get(param);
			if (value == null) {
				throw InvalidEntity.invalid(describe(),
						"action " + this.action.name() + " misses parameter " + param.name());
			}
			built.addParams(Action.Param.newBuilder().setParamId(param.id()).setValue(value));
		}
		return built.build();
	}

	private boolean isDontCare(FieldMatch match) {
		MatchFieldInfo field = this.table.matchField(match.getFieldId());
		return switch (match.getFieldMatchTypeCase()) {
			case TERNARY -> Bytestrings.toBigInteger(match.getTernary().getMask()).signum() == 0;
			case LPM -> match.getLpm().getPrefixLen() == 0;
			case RANGE -> Bytestrings.toBigInteger(match.getRange().getLow()).signum() == 0
					&& Bytestrings.toBigInteger(match.getRange().getHigh())
						.equals(Bytestrings.maxValue(field.bitwidth()));
			default -> false;
		};
	}

	private TableEntryBuilder match(MatchFieldInfo field, FieldMatch.Builder match) {
		if (this.matches.containsKey(field)) {
			throw InvalidEntity.invalid(describe(), "field " + field.name() + " is matched twice");
		}
		this.matches.put(field, match.setFieldId(field.id()).build());
		return this;
	}

	private MatchFieldInfo field(String name, MatchType expected) {
		MatchFieldInfo field = this.table.matchField(name);
		if (field.matchType() != expected) {
			throw InvalidEntity.invalid(describe(), "field " + name + " is " + field.matchType() + ", not " + expected);
		}
		return field;
	}

	private ByteString canonical(MatchFieldInfo field, ByteString value) {
		try {
			return Bytestrings.canonicalize(value, field.bitwidth());
		}
		catch (BytestringRejected ex) {
			throw new InvalidEntity(describe(), ex.code(), "field " + field.name() + ": " + ex.getMessage());
		}
	}

	private ByteString encode(String field, long value) {
		return encode(field, BigInteger.valueOf(value));
	}

	private ByteString encode(String field, BigInteger value) {
		MatchFieldInfo info = this.table.matchField(field);
		try {
			return Bytestrings.encode(value, info.bitwidth());
		}
		catch (BytestringRejected ex) {
			throw new InvalidEntity(describe(), ex.code(), "field " + field + ": " + ex.getMessage());
		}
	}

	private ActionInfo requireAction() {
		if (this.action == null) {
			throw new IllegalStateException("call action(...) before param(...)");
		}
		return this.action;
	}

	private String describe() {
		return "table " + this.table.name();
	}

}
