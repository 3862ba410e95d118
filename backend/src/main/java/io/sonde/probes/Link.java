package io.sonde.probes;

import java.util.Objects;

/**
 * A link between two switches, by name and without direction: {@code Link.between(a, b)}
 * equals {@code Link.between(b, a)}. Ports are left out because the recovery loop knows a
 * failed hop only as (s_i, s_{i+1}); avoiding a link avoids every cable between the two.
 *
 * @param a the switch whose name sorts first
 * @param b the other switch
 */
public record Link(String a, String b) {

	public Link {
		Objects.requireNonNull(a, "a");
		Objects.requireNonNull(b, "b");
		if (a.compareTo(b) > 0) {
			String first = b;
			b = a;
			a = first;
		}
	}

	public static Link between(String one, String other) {
		return new Link(one, other);
	}

	@Override
	public String toString() {
		return this.a + "--" + this.b;
	}

}
