package io.sonde.e2e.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One command a document shows an operator, split into words: taken from fenced code
 * blocks and inline code spans, a comment after {@code #} dropped, a chain ({@code &&},
 * {@code |}, {@code ;}) split into its commands.
 */
record DocumentedCommand(Path document, String text, List<String> words) {

	private static final Pattern INLINE_CODE = Pattern.compile("`([^`\n]+)`");

	private static final Pattern CHAIN = Pattern.compile("\\s*(?:&&|\\|\\||\\||;)\\s*");

	/** The first word, with a leading {@code ./} or {@code $ } prompt taken off. */
	String program() {
		return this.words.isEmpty() ? "" : this.words.get(0);
	}

	@Override
	public String toString() {
		return this.document.getParent().getFileName() + "/" + this.document.getFileName() + ": " + this.text;
	}

	/** The operator-facing documents: README.md, docs/ and every module's README. */
	static List<Path> documents(Path root) {
		List<Path> documents = new ArrayList<>();
		documents.add(root.resolve("README.md"));
		try (Stream<Path> docs = Files.list(root.resolve("docs")); Stream<Path> modules = Files.list(root)) {
			docs.filter((path) -> path.toString().endsWith(".md")).sorted().forEach(documents::add);
			modules.filter(Files::isDirectory)
				.map((module) -> module.resolve("README.md"))
				.filter(Files::isRegularFile)
				.sorted()
				.forEach(documents::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return documents;
	}

	/** Every command of the documents whose first word is one of {@code programs}. */
	static List<DocumentedCommand> in(List<Path> documents, List<String> programs) {
		List<DocumentedCommand> commands = new ArrayList<>();
		for (Path document : documents) {
			for (String line : codeLines(document)) {
				for (String command : CHAIN.split(withoutComment(line))) {
					DocumentedCommand parsed = parse(document, command);
					if (programs.contains(parsed.program())) {
						commands.add(parsed);
					}
				}
			}
		}
		return commands;
	}

	private static DocumentedCommand parse(Path document, String command) {
		String text = command.strip();
		if (text.startsWith("$ ")) {
			text = text.substring(2);
		}
		List<String> words = new ArrayList<>(Arrays.asList(text.split("\\s+")));
		words.removeIf(String::isEmpty);
		if (!words.isEmpty() && words.get(0).startsWith("./")) {
			words.set(0, words.get(0).substring(2));
		}
		return new DocumentedCommand(document, text, List.copyOf(words));
	}

	// A shell comment starts at a '#' after a space; '#' inside a word (an anchor) is
	// kept.
	private static String withoutComment(String line) {
		int comment = line.indexOf(" #");
		return (comment < 0) ? line : line.substring(0, comment);
	}

	private static List<String> codeLines(Path document) {
		List<String> lines;
		try {
			lines = Files.readAllLines(document);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<String> code = new ArrayList<>();
		boolean fenced = false;
		String continued = "";
		for (String line : lines) {
			if (line.strip().startsWith("```")) {
				fenced = !fenced;
				continue;
			}
			if (fenced) {
				// A backslash continues the command on the next line.
				String joined = continued + line;
				if (joined.endsWith("\\")) {
					continued = joined.substring(0, joined.length() - 1) + " ";
				}
				else {
					code.add(joined);
					continued = "";
				}
				continue;
			}
			Matcher inline = INLINE_CODE.matcher(line);
			while (inline.find()) {
				code.add(inline.group(1));
			}
		}
		return code;
	}

}
