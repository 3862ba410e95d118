package io.sonde.web.dashboard;

import java.util.List;
import java.util.Locale;

import io.sonde.switches.ConnectionState;

/**
 * The line above the Switches table: "20 switches: 19 reachable · 15 primary, 0 backup, 4
 * observer, 0 connecting, 1 unreachable, 0 disabled". Reachable counts the primary,
 * backup and observer connections. managed-switches.js writes the same text after each
 * change.
 */
public record SwitchesSummary(String text) {

	/** The states in the order the line names them. */
	static final List<ConnectionState> ORDER = List.of(ConnectionState.PRIMARY, ConnectionState.BACKUP,
			ConnectionState.OBSERVER, ConnectionState.CONNECTING, ConnectionState.UNREACHABLE,
			ConnectionState.DISABLED);

	static SwitchesSummary of(List<SwitchCard> cards) {
		long reachable = cards.stream().filter((card) -> ConnectionState.valueOf(card.state()).reachable()).count();
		StringBuilder text = new StringBuilder().append(cards.size())
			.append(" switches: ")
			.append(reachable)
			.append(" reachable · ");
		for (int i = 0; i < ORDER.size(); i++) {
			String state = ORDER.get(i).name();
			long count = cards.stream().filter((card) -> card.state().equals(state)).count();
			text.append((i > 0) ? ", " : "").append(count).append(' ').append(state.toLowerCase(Locale.ROOT));
		}
		return new SwitchesSummary(text.toString());
	}

}
