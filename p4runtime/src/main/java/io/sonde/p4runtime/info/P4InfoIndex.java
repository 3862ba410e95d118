package io.sonde.p4runtime.info;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.TextFormat;
import p4.config.v1.Action;
import p4.config.v1.ActionProfile;
import p4.config.v1.ControllerPacketMetadata;
import p4.config.v1.Counter;
import p4.config.v1.Digest;
import p4.config.v1.DirectCounter;
import p4.config.v1.DirectMeter;
import p4.config.v1.Meter;
import p4.config.v1.P4Info;
import p4.config.v1.Register;
import p4.config.v1.Table;

/**
 * Control-plane names and ids of one P4 program. The P4Info is the contract between
 * controller and switch: every lookup that misses throws {@link UnknownP4Entity} instead
 * of yielding id 0, which a switch would read as "all objects" in a read request.
 * <p>
 * Names may be full ({@code MyIngress.ipv4_lpm}) or aliases ({@code ipv4_lpm}). Immutable
 * and safe to share between threads.
 */
public final class P4InfoIndex {

	private final P4Info p4Info;

	private final Catalog<TableInfo> tables;

	private final Catalog<ActionInfo> actions;

	private final Catalog<ActionProfile> actionProfiles;

	private final Catalog<Counter> counters;

	private final Catalog<DirectCounter> directCounters;

	private final Catalog<Meter> meters;

	private final Catalog<DirectMeter> directMeters;

	private final Catalog<Register> registers;

	private final Catalog<Digest> digests;

	private final Catalog<ControllerPacketMetadata> packetMetadata;

	private final Map<P4EntityKind, Catalog<?>> byKind = new EnumMap<>(P4EntityKind.class);

	private P4InfoIndex(P4Info p4Info) {
		this.p4Info = p4Info;
		this.tables = add(new Catalog<>(P4EntityKind.TABLE, p4Info.getTablesList(), Table::getPreamble, TableInfo::of));
		this.actions = add(
				new Catalog<>(P4EntityKind.ACTION, p4Info.getActionsList(), Action::getPreamble, ActionInfo::of));
		this.actionProfiles = add(
				Catalog.of(P4EntityKind.ACTION_PROFILE, p4Info.getActionProfilesList(), ActionProfile::getPreamble));
		this.counters = add(Catalog.of(P4EntityKind.COUNTER, p4Info.getCountersList(), Counter::getPreamble));
		this.directCounters = add(
				Catalog.of(P4EntityKind.DIRECT_COUNTER, p4Info.getDirectCountersList(), DirectCounter::getPreamble));
		this.meters = add(Catalog.of(P4EntityKind.METER, p4Info.getMetersList(), Meter::getPreamble));
		this.directMeters = add(
				Catalog.of(P4EntityKind.DIRECT_METER, p4Info.getDirectMetersList(), DirectMeter::getPreamble));
		this.registers = add(Catalog.of(P4EntityKind.REGISTER, p4Info.getRegistersList(), Register::getPreamble));
		this.digests = add(Catalog.of(P4EntityKind.DIGEST, p4Info.getDigestsList(), Digest::getPreamble));
		this.packetMetadata = add(Catalog.of(P4EntityKind.CONTROLLER_PACKET_METADATA,
				p4Info.getControllerPacketMetadataList(), ControllerPacketMetadata::getPreamble));
	}

	private <T> Catalog<T> add(Catalog<T> catalog) {
		this.byKind.put(catalog.kind(), catalog);
		return catalog;
	}

	public static P4InfoIndex of(P4Info p4Info) {
		return new P4InfoIndex(p4Info);
	}

	/**
	 * Parses P4Info text format, as written by p4c's {@code --p4runtime-files x.txtpb}.
	 */
	public static P4InfoIndex fromText(String text) {
		try {
			P4Info.Builder builder = P4Info.newBuilder();
			TextFormat.getParser().merge(text, builder);
			return of(builder.build());
		}
		catch (TextFormat.ParseException ex) {
			throw new P4InfoUnreadable("text", ex);
		}
	}

	public static P4InfoIndex fromTextFile(Path path) {
		try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
			return parse(reader, path.toString());
		}
		catch (IOException ex) {
			throw new P4InfoUnreadable(path.toString(), ex);
		}
	}

	/** Loads a text-format P4Info from the classpath, e.g. {@code p4info/int.txtpb}. */
	public static P4InfoIndex fromClasspath(String resource) {
		ClassLoader loader = Thread.currentThread().getContextClassLoader();
		if (loader == null) {
			loader = P4InfoIndex.class.getClassLoader();
		}
		InputStream in = loader.getResourceAsStream(resource);
		if (in == null) {
			throw new P4InfoUnreadable("classpath:" + resource, new IOException("no such resource"));
		}
		try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
			return parse(reader, "classpath:" + resource);
		}
		catch (IOException ex) {
			throw new P4InfoUnreadable("classpath:" + resource, ex);
		}
	}

	private static P4InfoIndex parse(Reader reader, String source) throws IOException {
		try {
			P4Info.Builder builder = P4Info.newBuilder();
			TextFormat.getParser().merge(reader, builder);
			return of(builder.build());
		}
		catch (TextFormat.ParseException ex) {
			throw new P4InfoUnreadable(source, ex);
		}
	}

	public P4Info p4Info() {
		return this.p4Info;
	}

	/** The id of a named object of the given kind (top-level kinds only). */
	public int id(P4EntityKind kind, String nameOrAlias) {
		return catalog(kind).id(nameOrAlias);
	}

	/** The full name of the object with the given id (top-level kinds only). */
	public String name(P4EntityKind kind, int id) {
		return catalog(kind).name(id);
	}

	/** True if an object of this kind has that name or alias. */
	public boolean contains(P4EntityKind kind, String nameOrAlias) {
		return catalog(kind).contains(nameOrAlias);
	}

	public TableInfo table(String nameOrAlias) {
		return this.tables.get(nameOrAlias);
	}

	public TableInfo table(int id) {
		return this.tables.get(id);
	}

	public List<TableInfo> tables() {
		return this.tables.all();
	}

	public ActionInfo action(String nameOrAlias) {
		return this.actions.get(nameOrAlias);
	}

	public ActionInfo action(int id) {
		return this.actions.get(id);
	}

	/** An action profile or action selector. */
	public ActionProfile actionProfile(String nameOrAlias) {
		return this.actionProfiles.get(nameOrAlias);
	}

	public ActionProfile actionProfile(int id) {
		return this.actionProfiles.get(id);
	}

	public Counter counter(String nameOrAlias) {
		return this.counters.get(nameOrAlias);
	}

	public Counter counter(int id) {
		return this.counters.get(id);
	}

	public DirectCounter directCounter(String nameOrAlias) {
		return this.directCounters.get(nameOrAlias);
	}

	public Meter meter(String nameOrAlias) {
		return this.meters.get(nameOrAlias);
	}

	public DirectMeter directMeter(String nameOrAlias) {
		return this.directMeters.get(nameOrAlias);
	}

	public Register register(String nameOrAlias) {
		return this.registers.get(nameOrAlias);
	}

	public Register register(int id) {
		return this.registers.get(id);
	}

	public Digest digest(String nameOrAlias) {
		return this.digests.get(nameOrAlias);
	}

	/** {@code packet_in} or {@code packet_out}. */
	public ControllerPacketMetadata controllerPacketMetadata(String nameOrAlias) {
		return this.packetMetadata.get(nameOrAlias);
	}

	private Catalog<?> catalog(P4EntityKind kind) {
		Catalog<?> catalog = this.byKind.get(kind);
		if (catalog == null) {
			throw new IllegalArgumentException(kind.label() + " is not indexed by name");
		}
		return catalog;
	}

}
