package io.sonde.p4runtime.info;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import p4.config.v1.Preamble;

/**
 * The objects of one kind, by id and by name or alias. Full names win over aliases: an
 * alias may equal the full name of another object only in a broken P4Info, and then the
 * full name is the one the program author meant.
 */
final class Catalog<T> {

	private final P4EntityKind kind;

	private final Map<Integer, T> byId = new LinkedHashMap<>();

	private final Map<Integer, String> nameById = new HashMap<>();

	private final Map<String, Integer> idByName = new HashMap<>();

	<M> Catalog(P4EntityKind kind, List<M> messages, Function<M, Preamble> preamble, Function<M, T> mapper) {
		this.kind = kind;
		for (M message : messages) {
			Preamble p = preamble.apply(message);
			this.byId.put(p.getId(), mapper.apply(message));
			this.nameById.put(p.getId(), p.getName());
			this.idByName.put(p.getName(), p.getId());
		}
		for (M message : messages) {
			Preamble p = preamble.apply(message);
			if (!p.getAlias().isEmpty()) {
				this.idByName.putIfAbsent(p.getAlias(), p.getId());
			}
		}
	}

	static <M> Catalog<M> of(P4EntityKind kind, List<M> messages, Function<M, Preamble> preamble) {
		return new Catalog<>(kind, messages, preamble, Function.identity());
	}

	P4EntityKind kind() {
		return this.kind;
	}

	int id(String nameOrAlias) {
		Integer id = this.idByName.get(nameOrAlias);
		if (id == null) {
			throw new UnknownP4Entity(this.kind, nameOrAlias);
		}
		return id;
	}

	T get(String nameOrAlias) {
		return this.byId.get(id(nameOrAlias));
	}

	T get(int id) {
		T object = this.byId.get(id);
		if (object == null) {
			throw UnknownP4Entity.ofId(this.kind, Integer.toUnsignedLong(id), null);
		}
		return object;
	}

	String name(int id) {
		get(id);
		return this.nameById.get(id);
	}

	boolean contains(String nameOrAlias) {
		return this.idByName.containsKey(nameOrAlias);
	}

	List<T> all() {
		return List.copyOf(this.byId.values());
	}

}
