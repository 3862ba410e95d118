package io.sonde.e2e.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The commands README.md, docs/ and the module READMEs show run as written: every
 * {@code make} target they name exists, every flag they give Sonde's programs is one the
 * program takes (its {@code --help} names it), and every file a command names is there.
 * Runs after the whole build (make test builds the XDP collector first), since it asks
 * the built programs.
 */
class DocumentedCommandsIntegrationTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final List<String> PROGRAMS = List.of("sonde-emulator", "sonde-probes", "sonde-decode",
			"xdp-collector/build/collector", "xdp-collector/build/int-decode");

	// A make rule's head: the targets before one colon (not ':=' or '::=').
	private static final Pattern RULE = Pattern.compile("^([^\\s#:=%][^:=]*):(?!=)");

	private static final Pattern SUBCOMMAND_WORD = Pattern.compile("[a-z][a-z-]*");

	private static final Pattern REPOSITORY_PATH = Pattern
		.compile("(?:scripts|docs|emulator|p4-programs|xdp-collector|backend|db-migrations|deploy)/[\\w./-]*\\w");

	private final List<Path> documents = DocumentedCommand.documents(ROOT);

	private final Map<Path, Set<String>> makeTargets = new HashMap<>();

	private final Map<List<String>, String> helpTexts = new HashMap<>();

	@Test
	void everyMakeTargetTheDocsNameExists() throws Exception {
		List<DocumentedCommand> commands = DocumentedCommand.in(this.documents, List.of("make"));
		assertThat(commands).as("make commands in the docs").hasSizeGreaterThan(20);
		List<String> missing = new ArrayList<>();
		for (DocumentedCommand command : commands) {
			Path directory = ROOT;
			String target = null;
			List<String> words = command.words();
			for (int i = 1; i < words.size(); i++) {
				String word = words.get(i);
				if (word.equals("-C") && i + 1 < words.size()) {
					directory = ROOT.resolve(words.get(++i));
				}
				else if (!word.startsWith("-") && !word.contains("=") && target == null) {
					target = word;
				}
			}
			if (!Files.isRegularFile(directory.resolve("Makefile"))) {
				missing.add(command + " (no Makefile in " + ROOT.relativize(directory) + ")");
			}
			else if (target != null && !targetsOf(directory).contains(target)) {
				missing.add(command + " (no target '" + target + "')");
			}
		}
		assertThat(missing).as("make commands whose target does not exist").isEmpty();
	}

	@Test
	void everyFlagTheDocsGiveSondesProgramsIsOneTheyTake() throws Exception {
		List<DocumentedCommand> commands = DocumentedCommand.in(this.documents, PROGRAMS);
		assertThat(commands).as("commands of Sonde's programs in the docs").hasSizeGreaterThan(20);
		List<String> unknown = new ArrayList<>();
		for (DocumentedCommand command : commands) {
			List<String> words = command.words();
			List<String> path = new ArrayList<>(List.of(command.program()));
			int next = 1;
			while (next < words.size() && SUBCOMMAND_WORD.matcher(words.get(next)).matches()
					&& namesSubcommand(help(path), words.get(next))) {
				path.add(words.get(next++));
			}
			String help = help(path);
			for (String word : words.subList(next, words.size())) {
				String flag = flagOf(word);
				if (flag != null
						&& !Pattern.compile("(?<![\\w-])" + Pattern.quote(flag) + "(?![\\w-])").matcher(help).find()) {
					unknown.add(command + " (" + String.join(" ", path) + " --help does not name " + flag + ")");
				}
			}
		}
		assertThat(unknown).as("flags the programs do not take").isEmpty();
	}

	@Test
	void everyFileACommandNamesIsInTheRepository() throws Exception {
		List<String> programs = new ArrayList<>(PROGRAMS);
		programs.addAll(List.of("make", "java", "curl"));
		List<String> missing = new ArrayList<>();
		for (DocumentedCommand command : DocumentedCommand.in(this.documents, programs)) {
			Matcher path = REPOSITORY_PATH.matcher(command.text());
			while (path.find()) {
				String file = path.group();
				boolean built = file.startsWith("xdp-collector/build/") || file.contains("/target/");
				if (!built && !Files.exists(ROOT.resolve(file))) {
					missing.add(command + " (" + file + ")");
				}
			}
		}
		assertThat(missing).as("files the documented commands name that do not exist").isEmpty();
	}

	private boolean namesSubcommand(String help, String word) {
		// picocli lists subcommands indented under "Commands:"; a plain usage line names
		// them after the program.
		return Pattern.compile("(?m)^\\s+" + Pattern.quote(word) + "(\\s|,|$)").matcher(help).find()
				|| Pattern.compile("(?i)usage:\\s+\\S+\\s+" + Pattern.quote(word) + "\\b").matcher(help).find();
	}

	// A word that is a flag: "[--k" gives "--k", "--retain-seconds=5" gives
	// "--retain-seconds"; Spring properties (--sonde.x=...) are not flags of a program.
	private static String flagOf(String word) {
		String flag = word.replaceAll("^[\\[(]+", "").replaceAll("[\\])|.,]+$", "");
		if (!flag.matches("--?[A-Za-z][\\w-]*(=.*)?") || flag.startsWith("--sonde.") || flag.startsWith("--spring.")) {
			return null;
		}
		int equals = flag.indexOf('=');
		return (equals < 0) ? flag : flag.substring(0, equals);
	}

	private String help(List<String> path) throws IOException, InterruptedException {
		String cached = this.helpTexts.get(path);
		if (cached != null) {
			return cached;
		}
		Path program = ROOT.resolve(path.get(0));
		assertThat(program).as("%s is built (make build, make -C xdp-collector)", program).isExecutable();
		List<String> command = new ArrayList<>(path);
		command.set(0, program.toString());
		command.add("--help");
		String help = output(command, ROOT);
		this.helpTexts.put(List.copyOf(path), help);
		return help;
	}

	private Set<String> targetsOf(Path directory) throws IOException, InterruptedException {
		Set<String> cached = this.makeTargets.get(directory);
		if (cached != null) {
			return cached;
		}
		// -p prints make's database after reading the Makefile; -q runs no recipe, and
		// the
		// goal that does not exist keeps make from even asking about a real one.
		String database = output(List.of("make", "-pRrq", "-C", directory.toString(), "sonde-no-such-goal"), ROOT);
		Set<String> targets = new HashSet<>();
		for (String line : database.split("\n")) {
			Matcher rule = RULE.matcher(line);
			if (rule.find()) {
				targets.addAll(List.of(rule.group(1).trim().split("\\s+")));
			}
		}
		this.makeTargets.put(directory, targets);
		return targets;
	}

	private static String output(List<String> command, Path directory) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).directory(directory.toFile())
			.redirectErrorStream(true)
			.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
			.start();
		byte[] output = process.getInputStream().readAllBytes();
		if (!process.waitFor(120, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new IllegalStateException("timed out: " + String.join(" ", command));
		}
		return new String(output, StandardCharsets.UTF_8);
	}

}
