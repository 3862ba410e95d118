package io.sonde.p4info.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.sonde.p4runtime.info.P4InfoIndex;
import p4.config.v1.Action;
import p4.config.v1.ActionProfile;
import p4.config.v1.ControllerPacketMetadata;
import p4.config.v1.Counter;
import p4.config.v1.Digest;
import p4.config.v1.DirectCounter;
import p4.config.v1.DirectMeter;
import p4.config.v1.MatchField;
import p4.config.v1.Meter;
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

	/** Writes the classes under {@code sourceFolder}, in the package's folder. */
	public void writeTo(Path sourceFolder) throws IOException {
		Path folder = sourceFolder.resolve(this.packageName.replace('.', '/'));
		Files.createDirectories(folder);
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
		List<ConstantsClass> classes = new ArrayList<>();
		ConstantsClass tables = newClass("P4Tables", "tables");
		for (Table table : this.p4Info.getTablesList()) {
			tables.add(new P4Object("table", table.getPreamble()).number("SIZE", table.getSize())
				.fields("match field", table.getMatchFieldsList().stream().map(MatchField::getName).toList()));
		}
		classes.add(tables);
		ConstantsClass actions = newClass("P4Actions", "actions");
		for (Action action : this.p4Info.getActionsList()) {
			actions.add(new P4Object("action", action.getPreamble()).fields("parameter",
					action.getParamsList().stream().map(Action.Param::getName).toList()));
		}
		classes.add(actions);
		ConstantsClass profiles = newClass("P4ActionProfiles", "action profiles and selectors");
		for (ActionProfile profile : this.p4Info.getActionProfilesList()) {
			profiles.add(new P4Object("action profile", profile.getPreamble()).number("SIZE", profile.getSize())
				.number("MAX_GROUP_SIZE", profile.getMaxGroupSize()));
		}
		classes.add(profiles);
		ConstantsClass counters = newClass("P4Counters", "indirect counters");
		for (Counter counter : this.p4Info.getCountersList()) {
			counters.add(new P4Object("counter", counter.getPreamble()).number("SIZE", counter.getSize()));
		}
		classes.add(counters);
		ConstantsClass directCounters = newClass("P4DirectCounters", "direct counters");
		for (DirectCounter counter : this.p4Info.getDirectCountersList()) {
			directCounters.add(new P4Object("direct counter", counter.getPreamble()));
		}
		classes.add(directCounters);
		ConstantsClass meters = newClass("P4Meters", "indirect meters");
		for (Meter meter : this.p4Info.getMetersList()) {
			meters.add(new P4Object("meter", meter.getPreamble()).number("SIZE", meter.getSize()));
		}
		classes.add(meters);
		ConstantsClass directMeters = newClass("P4DirectMeters", "direct meters");
		for (DirectMeter meter : this.p4Info.getDirectMetersList()) {
			directMeters.add(new P4Object("direct meter", meter.getPreamble()));
		}
		classes.add(directMeters);
		classes.add(registers());
		ConstantsClass digests = newClass("P4Digests", "digests");
		for (Digest digest : this.p4Info.getDigestsList()) {
			digests.add(new P4Object("digest", digest.getPreamble()));
		}
		classes.add(digests);
		ConstantsClass packetMetadata = newClass("P4PacketMetadata", "controller packet metadata headers");
		for (ControllerPacketMetadata header : this.p4Info.getControllerPacketMetadataList()) {
			packetMetadata.add(new P4Object("controller packet metadata header", header.getPreamble())
				.fields("metadata field", header.getMetadataList().stream().map((m) -> m.getName()).toList()));
		}
		classes.add(packetMetadata);
		return classes.stream().filter((c) -> !c.isEmpty()).toList();
	}

	private ConstantsClass registers() {
		ConstantsClass registers = newClass("P4Registers", "registers");
		for (Register register : this.p4Info.getRegistersList()) {
			P4Object object = new P4Object("register", register.getPreamble()).number("SIZE", register.getSize());
			if (register.getTypeSpec().hasBitstring()) {
				var bits = register.getTypeSpec().getBitstring();
				int width = bits.hasBit() ? bits.getBit().getBitwidth()
						: bits.hasInt() ? bits.getInt().getBitwidth() : bits.getVarbit().getMaxBitwidth();
				object.number("BITWIDTH", width);
			}
			registers.add(object);
		}
		return registers;
	}

	private ConstantsClass newClass(String className, String kinds) {
		return new ConstantsClass(this.packageName, className, "The " + kinds + " of " + this.program, this.origin);
	}

	/** One generated class and its source. */
	public record GeneratedSource(String className, String source) {
	}

}
