package io.sonde.web.api;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * Why a request body could not be read, for people: the field as a JSON path in the form
 * the modules' own checks use ({@code switches[2].nodeId}, {@code $} for the body
 * itself), the line and column where reading stopped, and what was wrong there.
 *
 * @param field the JSON path of the value at fault
 * @param line 1-based line, or null when unknown
 * @param column 1-based column, or null when unknown
 * @param detail the sentence for the problem's detail
 */
record UnreadableBody(String field, Integer line, Integer column, String detail) {

	static final String ROOT = "$";

	/** Reads the cause of a failed body conversion; anything but JSON gives the root. */
	static UnreadableBody of(Throwable failure) {
		JsonMappingException mapping = cause(failure, JsonMappingException.class);
		StreamReadException read = cause(failure, StreamReadException.class);
		JsonProcessingException json = (read != null) ? read : mapping;
		if (json == null) {
			return new UnreadableBody(ROOT, null, null,
					"the request body is missing or is not JSON; send a JSON document with Content-Type "
							+ "application/json");
		}
		JsonLocation location = json.getLocation();
		Integer line = (location != null && location.getLineNr() > 0) ? location.getLineNr() : null;
		Integer column = (location != null && location.getColumnNr() > 0) ? location.getColumnNr() : null;
		// The parser knows the field it was reading; a mapping path (collections wrap a
		// parse error in one) may stop at the element.
		String field = (read != null) ? pathOf(read) : ROOT;
		if (field.equals(ROOT) && mapping != null) {
			field = pathOf(mapping.getPath());
		}
		String at = (line != null) ? " (line " + line + ", column " + column + ")" : "";
		return new UnreadableBody(field, line, column, field + ": " + what(json) + at);
	}

	private static String what(JsonProcessingException json) {
		if (json instanceof JsonParseException) {
			return "malformed JSON: " + firstLine(json.getOriginalMessage());
		}
		if (json instanceof InvalidFormatException invalid) {
			return "'" + invalid.getValue() + "' is not " + expected(invalid.getTargetType());
		}
		if (json instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
			// Jackson's own words name Java classes; the caller needs the JSON type.
			return "expected " + expected(mismatched.getTargetType());
		}
		return firstLine(json.getOriginalMessage());
	}

	/** The first cause of this type in the chain, the failure itself included. */
	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return null;
	}

	/** {@code switches[0].name} from Jackson's references, {@code $} for none. */
	static String pathOf(List<JsonMappingException.Reference> references) {
		StringBuilder path = new StringBuilder();
		for (JsonMappingException.Reference reference : references) {
			if (reference.getFieldName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getFieldName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.isEmpty() ? ROOT : path.toString();
	}

	/**
	 * Where the parser was when the text stopped being JSON: a syntax error carries no
	 * mapping path, but the parser knows the field it was in.
	 */
	private static String pathOf(StreamReadException read) {
		JsonParser parser = read.getProcessor();
		if (parser == null) {
			return ROOT;
		}
		List<JsonMappingException.Reference> references = new ArrayList<>();
		for (JsonStreamContext context = parser.getParsingContext(); context != null
				&& !context.inRoot(); context = context.getParent()) {
			if (context.inObject() && context.getCurrentName() != null) {
				references.add(0, new JsonMappingException.Reference(null, context.getCurrentName()));
			}
			else if (context.inArray() && context.getCurrentIndex() >= 0) {
				references.add(0, new JsonMappingException.Reference(null, context.getCurrentIndex()));
			}
		}
		return pathOf(references);
	}

	private static String expected(Class<?> type) {
		if (type == null) {
			return "a value of the right type";
		}
		if (type == Integer.class || type == int.class || type == Long.class || type == long.class
				|| type == Short.class || type == short.class || type == BigInteger.class) {
			return "an integer";
		}
		if (type == Double.class || type == double.class || type == Float.class || type == float.class
				|| type == BigDecimal.class) {
			return "a number";
		}
		if (type == Boolean.class || type == boolean.class) {
			return "true or false";
		}
		if (type == String.class) {
			return "a string";
		}
		if (type.isArray() || Collection.class.isAssignableFrom(type)) {
			return "an array";
		}
		if (type.isEnum()) {
			return "one of " + List.of(type.getEnumConstants());
		}
		if (Map.class.isAssignableFrom(type) || type.isRecord() || !type.getName().startsWith("java.")) {
			return "an object";
		}
		return "a " + type.getSimpleName();
	}

	private static String firstLine(String message) {
		if (message == null || message.isBlank()) {
			return "unreadable";
		}
		int end = message.indexOf('\n');
		return ((end >= 0) ? message.substring(0, end) : message).strip();
	}

}
