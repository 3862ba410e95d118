package io.sonde.probes.recovery;

import java.util.Objects;

/** A switch or a link the recovery loop can judge (the paper's set A holds them). */
public sealed interface ProbedComponent permits ProbedComponent.ProbedSwitch, ProbedComponent.ProbedLink {

	/** {@code s3}, or {@code s2--s3} for a link: stable, for keys and events. */
	String key();

	/** A switch of a path. */
	record ProbedSwitch(String name) implements ProbedComponent {

		public ProbedSwitch {
			Objects.requireNonNull(name, "name");
		}

		@Override
		public String key() {
			return this.name;
		}

	}

	/**
	 * The link between two switches that follow each other on a path, either direction:
	 * the ends are kept in name order, so a link judged on one path is the same link on
	 * another.
	 */
	record ProbedLink(String a, String b) implements ProbedComponent {

		public ProbedLink {
			Objects.requireNonNull(a, "a");
			Objects.requireNonNull(b, "b");
			if (a.compareTo(b) > 0) {
				String swap = a;
				a = b;
				b = swap;
			}
		}

		@Override
		public String key() {
			return this.a + "--" + this.b;
		}

	}

}
