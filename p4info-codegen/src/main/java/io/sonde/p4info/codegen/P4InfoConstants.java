package io.sonde.p4info.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import io.sonde.p4runtime.info.P4InfoIndex;
import p4.config.v1.Action;
import p4.config.v1.ActionProfile;
import p4.config.v1.ControllerPacketMetadata;
import p4.config.v1.MatchField;
import p4.config.v1.P4BitstringLikeTypeSpec;
import p4.config.v1.P4Info;
import p4.config.v1.Register;
import p4.config.v1.Table;

/**
 * Writes Java constants for the control-plane names of a P4Info: one class per object
 * kind ({@code P4Tables}, {@code P4Actions}, ...) with a nested class per object, named
 * after its alias. Kinds the P4Info has none of get no class.
 * <p>
 * Arguments: the P4Info in text format, the source folder to write into, the package, and
 * the program's name for the class comments.
 */
public final class P4InfoConstants {

	private final P4Info p4Info;

	private final String packageName;

	private final String program;

	private final String origin;

	public P4InfoConstants(P4Info p4Info, String packageName, String program, String origin) {
		this.p4Info = p4Info;
		this.packageName = packageName;
		this.program = program;
		this.origin = origin;
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 4) {
			throw new IllegalArgumentException(
					"usage: P4InfoConstants <p4info.txtpb> <source folder> <package> <program>");
		}
		Path p4Info = Path.of(args[0]);
		P4InfoConstants generator = new P4InfoConstants(P4InfoIndex.fromTextFile(p4Info).p4Info(), args[2], args[3],
				p4Info.getFileName().toString());
		generator.writeTo(Path.of(args[1]));
	}

	/**
	 * Writes the classes under {@code sourceFolder}, in the package's folder, replacing
	 * the sources it held: a kind the P4Info no longer has leaves no class behind.
	 */
	public void writeTo(Path sourceFolder) throws IOException {
		Path folder = sourceFolder.resolve(this.packageName.replace('.', '/'));
		Files.createDirectories(folder);
		try (Stream<Path> previous = Files.list(folder)) {
			for (Path source : previous.filter((p) -> p.toString().endsWith(".java")).toList()) {
				Files.delete(source);
			}
		}
		for (ConstantsClass generated : classes()) {
			Files.writeString(folder.resolve(generated.className() + ".java"), generated.source(),
					StandardCharsets.UTF_8);
		}
	}

	/** The generated classes, each checked for clashing names. */
	public List<GeneratedSource> sources() {
		return classes().stream().map((c) -> new GeneratedSource(c.className(), c.source())).toList();
	}

	private List<ConstantsClass> classes() {
		P4Info info = this.p4Info;
		return Stream
			.of(kind("P4Tables", "tables", info.getTablesList(), P4InfoConstants::table),
					kind("P4Actions", "actions", info.getActionsList(), P4InfoConstants::action),
					kind("P4ActionProfiles", "action profiles and selectors", info.getActionProfilesList(),
							P4InfoConstants::actionProfile),
					kind("P4Counters", "indirect counters", info.getCountersList(),
							(c) -> new P4Object("counter", c.getPreamble()).number("SIZE", c.getSize())),
					kind("P4DirectCounters", "direct counters", info.getDirectCountersList(),
							(c) -> new P4Object("direct counter", c.getPreamble())),
					kind("P4Meters", "indirect meters", info.getMetersList(),
							(m) -> new P4Object("meter", m.getPreamble()).number("SIZE", m.getSize())),
					kind("P4DirectMeters", "direct meters", info.getDirectMetersList(),
							(m) -> new P4Object("direct meter", m.getPreamble())),
					kind("P4Registers", "registers", info.getRegistersList(), P4InfoConstants::register),
					kind("P4Digests", "digests", info.getDigestsList(), (d) -> new P4Object("digest", d.getPreamble())),
					kind("P4PacketMetadata", "controller packet metadata headers",
							info.getControllerPacketMetadataList(), P4InfoConstants::packetMetadata))
			.filter((c) -> !c.isEmpty())
			.toList();
	}

	private <T> ConstantsClass kind(String className, String kinds, List<T> objects, Function<T, P4Object> toObject) {
		ConstantsClass generated = new ConstantsClass(this.packageName, className,
				"The " + kinds + " of " + this.program, this.origin);
		objects.forEach((object) -> generated.add(toObject.apply(object)));
		return generated;
	}

	private static P4Object table(Table table) {
		return new P4Object("table", table.getPreamble()).number("SIZE", table.getSize())
			.fields("match field", table.getMatchFieldsList().stream().map(MatchField::getName).toList());
	}

	private static P4Object action(Action action) {
		return new P4Object("action", action.getPreamble()).fields("parameter",
				action.getParamsList().stream().map(Action.Param::getName).toList());
	}

	private static P4Object actionProfile(ActionProfile profile) {
		return new P4Object("action profile", profile.getPreamble()).number("SIZE", profile.getSize())
			.number("MAX_GROUP_SIZE", profile.getMaxGroupSize());
	}

	private static P4Object register(Register register) {
		P4Object object = new P4Object("register", register.getPreamble()).number("SIZE", register.getSize());
		if (register.getTypeSpec().hasBitstring()) {
			P4BitstringLikeTypeSpec bits = register.getTypeSpec().getBitstring();
			int width = bits.hasBit() ? bits.getBit().getBitwidth()
					: bits.hasInt() ? bits.getInt().getBitwidth() : bits.getVarbit().getMaxBitwidth();
			object.number("BITWIDTH", width);
		}
		return object;
	}

	private static P4Object packetMetadata(ControllerPacketMetadata header) {
		return new P4Object("controller packet metadata header", header.getPreamble()).fields("metadata field",
				header.getMetadataList().stream().map(ControllerPacketMetadata.Metadata::getName).toList());
	}

	/** One generated class and its source. */
	public record GeneratedSource(String className, String source) {
	}

}
