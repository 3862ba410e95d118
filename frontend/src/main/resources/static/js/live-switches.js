// The live feed of managed switches (/switches/live, server-sent events), shared by the
// Switches, switch and Topology pages. Each "switch" event carries a SwitchCard (see
// SwitchCard.java): every value is already text, so pages only place it.

// An EventSource reconnects by itself after a network error; it gives up (CLOSED) when
// the answer is not an event stream, which here means the session ended and the request
// was sent to the sign-in page. status: the element that says so (optional).
export function followSwitches(url, { onCard, onRemoved = () => {}, onTopology = () => {}, status = null }) {
	const source = new EventSource(url);
	source.addEventListener('switch', (event) => onCard(JSON.parse(event.data)));
	source.addEventListener('removed', (event) => onRemoved(event.data));
	source.addEventListener('topology', (event) => onTopology(event.data));
	source.addEventListener('open', () => {
		if (status) {
			status.hidden = true;
			status.textContent = '';
		}
	});
	source.addEventListener('error', () => {
		if (!status) {
			return;
		}
		if (source.readyState === EventSource.CLOSED) {
			status.textContent = 'Live updates stopped: your session may have ended. ';
			const signIn = document.createElement('a');
			signIn.href = window.location.pathname;
			signIn.textContent = 'Reload the page';
			status.append(signIn);
		}
		else {
			status.textContent = `Live updates interrupted at ${timeText(new Date())}; reconnecting. `
				+ 'The states shown may be out of date.';
		}
		status.hidden = false;
	});
	return source;
}

export const timeText = (date) => `${date.toISOString().substring(11, 19)} UTC`;

// Places a card into the elements under root marked data-field="<card field>"; the
// state badge also takes the state's colour class, the error cell its current/past class.
export function applyCard(root, card) {
	root.dataset.state = card.state;
	for (const element of root.querySelectorAll('[data-field]')) {
		const value = card[element.dataset.field];
		if (value === undefined) {
			continue;
		}
		if (element.textContent !== String(value)) {
			element.textContent = value;
		}
		if (element.dataset.field === 'stateText') {
			element.className = `status ${card.stateClass}`;
		}
	}
	for (const cell of root.querySelectorAll('[data-error-cell]')) {
		cell.classList.toggle('reason-current', card.errorIsCurrent);
		cell.classList.toggle('reason-past', !card.errorIsCurrent);
	}
}

// The colour of a state, from sonde.css where it is defined once (--state-primary, ...).
export function stateColour(stateClass) {
	return getComputedStyle(document.documentElement).getPropertyValue(`--${stateClass}`).trim();
}
