package io.sonde.web.dashboard;

import java.util.List;
import java.util.Locale;

import io.sonde.switches.ConnectionState;

/**
 * The line above the managed switches: "20 switches: 19 primary, 0 backup, 0 connecting,
 * 1 unreachable, 0 disabled". live-switches.js writes the same text after each change.
 */
public record ManagedSummary(String text) {

	static ManagedSummary of(List<SwitchCard> cards) {
		StringBuilder text = new StringBuilder().append(cards.size()).append(" switches: ");
		ConnectionState[] order = { ConnectionState.PRIMARY, ConnectionState.BACKUP, ConnectionState.CONNECTING,
				ConnectionState.UNREACHABLE, ConnectionState.DISABLED };
		for (int i = 0; i < order.length; i++) {
			String state = order[i].name();
			long count = cards.stream().filter((card) -> card.state().equals(state)).count();
			text.append((i > 0) ? ", " : "").append(count).append(' ').append(state.toLowerCase(Locale.ROOT));
		}
		return new ManagedSummary(text.toString());
	}

}
