package io.sonde.p4info.codegen;

import java.util.Locale;

import javax.lang.model.SourceVersion;

/**
 * How P4 names become Java names: an object's alias becomes a class name
 * ({@code forwarding.ipv4_lpm} -> {@code ForwardingIpv4Lpm}), a field or parameter name a
 * constant name ({@code hdr.ipv4.dst_addr} -> {@code HDR_IPV4_DST_ADDR}).
 */
final class JavaNames {

	private JavaNames() {
	}

	/** UpperCamelCase of the words of {@code p4Name}, split at dots and underscores. */
	static String typeName(String p4Name) {
		StringBuilder out = new StringBuilder();
		for (String word : p4Name.split("[._]")) {
			if (!word.isEmpty()) {
				out.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
			}
		}
		return identifier(out.toString(), p4Name);
	}

	/**
	 * UPPER_SNAKE_CASE of {@code p4Name}: dots become underscores, and so does each step
	 * from a lower-case letter or digit to an upper-case one.
	 */
	static String constantName(String p4Name) {
		StringBuilder out = new StringBuilder();
		char previous = 0;
		for (char c : p4Name.toCharArray()) {
			if (c == '.') {
				c = '_';
			}
			if (Character.isUpperCase(c) && (Character.isLowerCase(previous) || Character.isDigit(previous))) {
				out.append('_');
			}
			out.append(c);
			previous = c;
		}
		return identifier(out.toString().toUpperCase(Locale.ROOT), p4Name);
	}

	private static String identifier(String candidate, String p4Name) {
		if (!SourceVersion.isName(candidate)) {
			throw new IllegalArgumentException("P4 name " + p4Name + " gives no Java identifier (" + candidate + ")");
		}
		return candidate;
	}

}
