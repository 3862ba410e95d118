package io.sonde.web.api;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What a body Jackson could not read is reported as: the JSON path in the modules' form,
 * the line and column, and a sentence without Java class names.
 */
class UnreadableBodyTests {

	private final ObjectMapper json = new ObjectMapper();

	record Session(String collectorIp, Integer collectorPort) {
	}

	record Node(String name, List<String> roles, Long nodeId) {
	}

	record Document(Session report, List<Node> switches) {
	}

	@Test
	void aValueOfTheWrongFormatNamesItsPathLineAndColumn() {
		UnreadableBody body = read("{\"report\": {\n  \"collectorPort\": \"many\"}}", Document.class);

		assertThat(body.field()).isEqualTo("report.collectorPort");
		assertThat(body.line()).isEqualTo(2);
		assertThat(body.column()).isEqualTo(20);
		assertThat(body.detail()).isEqualTo("report.collectorPort: 'many' is not an integer (line 2, column 20)");
	}

	@Test
	void aMismatchInsideAListNamesTheIndex() {
		UnreadableBody body = read("{\"switches\": [{\"name\": \"a\"}, {\"name\": \"b\", \"roles\": {\"x\": 1}}]}",
				Document.class);

		assertThat(body.field()).isEqualTo("switches[1].roles");
		assertThat(body.detail()).startsWith("switches[1].roles: expected an array").doesNotContain("java.");
	}

	@Test
	void malformedJsonNamesTheFieldTheParserWasIn() {
		UnreadableBody body = read("{\"switches\": [{\"name\": \"a\"}, {\"nodeId\": }]}", Document.class);

		assertThat(body.field()).isEqualTo("switches[1].nodeId");
		assertThat(body.line()).isEqualTo(1);
		assertThat(body.column()).isEqualTo(41);
		assertThat(body.detail()).startsWith("switches[1].nodeId: malformed JSON: Unexpected character ('}'");
	}

	@Test
	void theWrongTypeAtTheTopIsTheRoot() {
		UnreadableBody body = read("[1, 2]", new TypeReference<Map<String, Object>>() {
		});

		assertThat(body.field()).isEqualTo("$");
		assertThat(body.detail()).startsWith("$: expected an object");
	}

	@Test
	void aFailureWithoutJsonIsTheRootWithoutPosition() {
		UnreadableBody body = UnreadableBody.of(new IllegalStateException("Required request body is missing"));

		assertThat(body.field()).isEqualTo("$");
		assertThat(body.line()).isNull();
		assertThat(body.detail()).contains("missing or is not JSON");
	}

	private UnreadableBody read(String text, Class<?> type) {
		Throwable failure = catchThrowable(() -> this.json.readValue(text, type));
		assertThat(failure).as("Jackson refuses " + text).isNotNull();
		return UnreadableBody.of(new RuntimeException("wrapped as Spring wraps it", failure));
	}

	private UnreadableBody read(String text, TypeReference<?> type) {
		Throwable failure = catchThrowable(() -> this.json.readValue(text, type));
		assertThat(failure).as("Jackson refuses " + text).isNotNull();
		return UnreadableBody.of(new RuntimeException("wrapped as Spring wraps it", failure));
	}

}
