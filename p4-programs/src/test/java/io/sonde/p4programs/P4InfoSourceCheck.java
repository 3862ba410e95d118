package io.sonde.p4programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import p4.config.v1.Action;
import p4.config.v1.ActionProfile;
import p4.config.v1.ActionRef;
import p4.config.v1.Counter;
import p4.config.v1.CounterSpec;
import p4.config.v1.DirectCounter;
import p4.config.v1.MatchField;
import p4.config.v1.P4Info;
import p4.config.v1.Preamble;
import p4.config.v1.Register;
import p4.config.v1.Table;

/**
 * What p4c would have told us: every difference between a P4Info and the P4 source it
 * claims to describe, as one readable line each. Both directions are checked: each table,
 * action, action profile, counter, direct counter and register of the P4Info must be
 * declared in the source with the same name, id, widths, match kinds, sizes, default-only
 * actions, const default action and implementation; each table, action selector, counter,
 * direct counter and register of the source, and each action its tables use, must be in
 * the P4Info. core.p4's {@code NoAction} has no {@code @id}: p4c gives it
 * {@value #NO_ACTION_ID}.
 */
final class P4InfoSourceCheck {

	private static final Map<CounterSpec.Unit, String> COUNTER_TYPES = Map.of(CounterSpec.Unit.BOTH,
			"packets_and_bytes", CounterSpec.Unit.PACKETS, "packets", CounterSpec.Unit.BYTES, "bytes");

	/** The id p4c gives core.p4's NoAction (from its name, the same in every program). */
	static final int NO_ACTION_ID = 21257015;

	private final P4Info p4Info;

	private final P4SourceModel source;

	private final List<String> mismatches = new ArrayList<>();

	private final Map<Integer, String> actionNames = new HashMap<>();

	private final Map<Integer, String> tableNames = new HashMap<>();

	private final Map<Integer, String> directCounterNames = new HashMap<>();

	private final Map<Integer, String> actionProfileNames = new HashMap<>();

	private P4InfoSourceCheck(P4Info p4Info, P4SourceModel source) {
		this.p4Info = p4Info;
		this.source = source;
		p4Info.getActionsList()
			.forEach((a) -> this.actionNames.put(a.getPreamble().getId(), a.getPreamble().getName()));
		p4Info.getTablesList().forEach((t) -> this.tableNames.put(t.getPreamble().getId(), t.getPreamble().getName()));
		p4Info.getDirectCountersList()
			.forEach((c) -> this.directCounterNames.put(c.getPreamble().getId(), c.getPreamble().getName()));
		p4Info.getActionProfilesList()
			.forEach((p) -> this.actionProfileNames.put(p.getPreamble().getId(), p.getPreamble().getName()));
	}

	/** Every difference found; empty when the P4Info describes the source. */
	static List<String> mismatches(P4Info p4Info, P4SourceModel source) {
		P4InfoSourceCheck check = new P4InfoSourceCheck(p4Info, source);
		check.p4Info.getTablesList().forEach(check::table);
		check.p4Info.getActionsList().forEach(check::action);
		check.p4Info.getActionProfilesList().forEach(check::actionProfile);
		check.p4Info.getCountersList().forEach(check::counter);
		check.p4Info.getDirectCountersList().forEach(check::directCounter);
		check.p4Info.getRegistersList().forEach(check::register);
		check.sourceInP4Info();
		return List.copyOf(check.mismatches);
	}

	private void table(Table table) {
		String name = table.getPreamble().getName();
		P4SourceModel.Table declared = this.source.tables.get(name);
		if (declared == null) {
			this.mismatches.add("table " + name + " is not declared in the source");
			return;
		}
		id("table " + name, table.getPreamble(), declared.id());
		same("size of table " + name, table.getSize(), declared.size());
		same("key count of table " + name, table.getMatchFieldsCount(), declared.keys().size());
		for (int i = 0; i < Math.min(table.getMatchFieldsCount(), declared.keys().size()); i++) {
			MatchField field = table.getMatchFields(i);
			P4SourceModel.Key key = declared.keys().get(i);
			String what = "key " + (i + 1) + " of table " + name;
			same("id of " + what, field.getId(), i + 1);
			same("name of " + what, field.getName(), key.name());
			same("bit width of " + what + " (" + field.getName() + ")", field.getBitwidth(), key.width());
			same("match type of " + what + " (" + field.getName() + ")", field.getMatchType().name(),
					key.matchKind().toUpperCase(java.util.Locale.ROOT));
		}
		Set<String> actions = table.getActionRefsList()
			.stream()
			.map((ref) -> this.actionNames.getOrDefault(ref.getId(), "unknown action id " + ref.getId()))
			.collect(Collectors.toCollection(TreeSet::new));
		same("actions of table " + name, actions, new TreeSet<>(declared.actions()));
		Set<String> defaultOnly = table.getActionRefsList()
			.stream()
			.filter((ref) -> ref.getScope() == ActionRef.Scope.DEFAULT_ONLY)
			.map((ref) -> this.actionNames.getOrDefault(ref.getId(), "unknown action id " + ref.getId()))
			.collect(Collectors.toCollection(TreeSet::new));
		same("default-only actions of table " + name, defaultOnly, new TreeSet<>(declared.defaultOnly()));
		same("const default action of table " + name, this.actionNames.get(table.getConstDefaultActionId()),
				declared.constDefaultAction() ? declared.defaultAction() : null);
		same("implementation of table " + name, this.actionProfileNames.get(table.getImplementationId()),
				declared.implementation());
		Set<String> direct = table.getDirectResourceIdsList()
			.stream()
			.map((id) -> this.directCounterNames.getOrDefault(id, "unknown direct resource id " + id))
			.collect(Collectors.toCollection(TreeSet::new));
		same("direct counter of table " + name, direct,
				(declared.directCounter() != null) ? Set.of(declared.directCounter()) : Set.of());
	}

	private void action(Action action) {
		String name = action.getPreamble().getName();
		P4SourceModel.Action declared = this.source.actions.get(name);
		if (declared == null && name.equals("NoAction")) {
			same("id of action NoAction (p4c's)", action.getPreamble().getId(), NO_ACTION_ID);
			same("parameters of action NoAction", action.getParamsCount(), 0);
			return;
		}
		if (declared == null) {
			this.mismatches.add("action " + name + " is not declared in the source");
			return;
		}
		id("action " + name, action.getPreamble(), declared.id());
		List<String> names = List.copyOf(declared.params().keySet());
		same("parameters of action " + name, action.getParamsList().stream().map(Action.Param::getName).toList(),
				names);
		for (int i = 0; i < action.getParamsCount(); i++) {
			Action.Param param = action.getParams(i);
			String what = "parameter " + param.getName() + " of action " + name;
			same("id of " + what, param.getId(), i + 1);
			same("bit width of " + what, param.getBitwidth(), declared.params().get(param.getName()));
		}
	}

	private void actionProfile(ActionProfile profile) {
		String name = profile.getPreamble().getName();
		P4SourceModel.ActionSelector declared = this.source.actionSelectors.get(name);
		if (declared == null) {
			this.mismatches.add("action profile " + name + " is not declared in the source as an action selector");
			return;
		}
		id("action profile " + name, profile.getPreamble(), declared.id());
		same("with_selector of action profile " + name, profile.getWithSelector(), true);
		same("size of action profile " + name, profile.getSize(), declared.size());
		same("max_group_size of action profile " + name, (long) profile.getMaxGroupSize(), declared.maxGroupSize());
		Set<String> tables = profile.getTableIdsList()
			.stream()
			.map((id) -> this.tableNames.getOrDefault(id, "unknown table id " + id))
			.collect(Collectors.toCollection(TreeSet::new));
		Set<String> implemented = this.source.tables.values()
			.stream()
			.filter((t) -> name.equals(t.implementation()))
			.map(P4SourceModel.Table::name)
			.collect(Collectors.toCollection(TreeSet::new));
		same("tables of action profile " + name, tables, implemented);
	}

	private void counter(Counter counter) {
		String name = counter.getPreamble().getName();
		P4SourceModel.Counter declared = this.source.counters.get(name);
		if (declared == null) {
			this.mismatches.add("counter " + name + " is not declared in the source");
			return;
		}
		id("counter " + name, counter.getPreamble(), declared.id());
		same("size of counter " + name, counter.getSize(), declared.size());
		same("unit of counter " + name, COUNTER_TYPES.get(counter.getSpec().getUnit()), declared.type());
	}

	private void directCounter(DirectCounter counter) {
		String name = counter.getPreamble().getName();
		P4SourceModel.DirectCounter declared = this.source.directCounters.get(name);
		if (declared == null) {
			this.mismatches.add("direct counter " + name + " is not declared in the source");
			return;
		}
		id("direct counter " + name, counter.getPreamble(), declared.id());
		same("unit of direct counter " + name, COUNTER_TYPES.get(counter.getSpec().getUnit()), declared.type());
		String table = this.tableNames.get(counter.getDirectTableId());
		String owner = this.source.tables.values()
			.stream()
			.filter((t) -> name.equals(t.directCounter()))
			.map(P4SourceModel.Table::name)
			.findFirst()
			.orElse(null);
		same("table of direct counter " + name, table, owner);
	}

	private void register(Register register) {
		String name = register.getPreamble().getName();
		P4SourceModel.Register declared = this.source.registers.get(name);
		if (declared == null) {
			this.mismatches.add("register " + name + " is not declared in the source");
			return;
		}
		id("register " + name, register.getPreamble(), declared.id());
		same("size of register " + name, (long) register.getSize(), declared.size());
		same("element bit width of register " + name, register.getTypeSpec().getBitstring().getBit().getBitwidth(),
				declared.width());
	}

	/** The reverse direction: what the source declares must be in the P4Info. */
	private void sourceInP4Info() {
		missing("table", this.source.tables.keySet(), this.tableNames.values());
		missing("direct counter", this.source.directCounters.keySet(), this.directCounterNames.values());
		missing("action selector", this.source.actionSelectors.keySet(), this.actionProfileNames.values());
		missing("counter", this.source.counters.keySet(),
				this.p4Info.getCountersList().stream().map((c) -> c.getPreamble().getName()).toList());
		missing("register", this.source.registers.keySet(),
				this.p4Info.getRegistersList().stream().map((r) -> r.getPreamble().getName()).toList());
		missing("action used by a table",
				this.source.tables.values().stream().flatMap((t) -> t.actions().stream()).toList(),
				this.actionNames.values());
	}

	private void missing(String kind, java.util.Collection<String> declared, java.util.Collection<String> listed) {
		for (String name : new TreeSet<>(declared)) {
			if (!listed.contains(name)) {
				this.mismatches.add(kind + " " + name + " is declared in the source but missing from the P4Info");
			}
		}
	}

	private void id(String what, Preamble preamble, Long declared) {
		if (declared == null) {
			this.mismatches.add(what + " has no @id in the source");
		}
		else {
			same("id of " + what, Integer.toUnsignedLong(preamble.getId()), declared);
		}
	}

	private void same(String what, Object inP4Info, Object inSource) {
		if (!Objects.equals(inP4Info, inSource)) {
			this.mismatches.add(what + ": P4Info has " + inP4Info + ", the source " + inSource);
		}
	}

}
