package io.sonde.p4programs;

import java.util.stream.Collectors;

/** sonde.p4's source files from the classpath, as one text and as a model. */
final class SondeSources {

	private SondeSources() {
	}

	static String text() {
		return SondePipeline.SOURCE_FILES.stream().map(SondePipeline::source).collect(Collectors.joining("\n"));
	}

	static P4SourceModel model() {
		return P4SourceModel.read(text());
	}

}
