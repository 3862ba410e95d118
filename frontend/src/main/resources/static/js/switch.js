// A switch's page: its connection section follows the live feed (state, primary, round
// trip, error, cookie). The rest was read from the switch when the page was opened. The
// operator's disruptive actions ask for confirmation first.

import { askBeforeSubmitting } from './confirm-actions.js';
import { applyCard, followSwitches } from './live-switches.js';

const section = document.getElementById('switch-connection');

followSwitches(section.dataset.liveUrl, {
	status: document.getElementById('live-status'),
	onCard(card) {
		if (card.name === section.dataset.liveSwitch) {
			applyCard(section, card);
		}
	},
});

askBeforeSubmitting(document.getElementById('confirm-dialog'));
