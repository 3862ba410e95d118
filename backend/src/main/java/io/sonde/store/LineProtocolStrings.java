package io.sonde.store;

/**
 * Line protocol's string field values, for callers that render rows themselves for
 * {@link TimeSeriesStore#writeLineProtocol}: one place knows the quoting.
 */
public final class LineProtocolStrings {

	private LineProtocolStrings() {
	}

	/** {@code value} as a quoted string field value: '"' and '\' escaped. */
	public static void appendQuoted(StringBuilder out, String value) {
		out.append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == '"' || c == '\\') {
				out.append('\\');
			}
			out.append(c);
		}
		out.append('"');
	}

}
