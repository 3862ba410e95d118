package io.sonde.agents;

import java.time.Instant;
import java.util.List;

/**
 * A switch's histogram of one metric as an agent last published it.
 *
 * @param ifname the agent's interface that counted it
 * @param binWidth every bin is this wide; the last counts everything above
 * @param bins counts since the agent's run started, lowest bin first
 * @param ts when the agent read it
 */
public record SwitchHistogram(String ifname, long switchId, String metric, long binWidth, List<Long> bins, Instant ts) {

	public SwitchHistogram {
		bins = List.copyOf(bins);
	}

}
