// The Alerts page: the firing table follows /alerts/live (a snapshot of the alerts firing
// now, then one event per notification: firing, repeat, resolved); a resolved alert moves
// to the top of the history. The rule form shows the inputs of the condition type chosen;
// deleting and rotating ask first.

import { askBeforeSubmitting } from './confirm-actions.js';

const section = document.getElementById('firing');
const firingRows = document.getElementById('firing-rows');
const firingEmpty = document.getElementById('firing-empty');
const historyRows = document.getElementById('history-rows');
const historyEmpty = document.getElementById('history-empty');
const status = document.getElementById('live-status');

// Keeps the history bounded however long the page stays open.
const HISTORY_ROWS = 100;

const timeText = (date) => `${date.toISOString().substring(11, 19)} UTC`;

function cell(tag, text, className) {
	const element = document.createElement(tag);
	if (tag === 'th') {
		element.scope = 'row';
	}
	if (className) {
		element.className = className;
	}
	element.textContent = text;
	return element;
}

function severity(alert) {
	const td = document.createElement('td');
	const badge = cell('span', alert.severity, `severity severity-${alert.severity}`);
	td.append(badge);
	return td;
}

function firingRow(alert) {
	const row = document.createElement('tr');
	row.dataset.fingerprint = alert.fingerprint;
	row.append(severity(alert), cell('th', alert.name), cell('td', alert.labels, 'mono labels'),
		cell('td', alert.since), cell('td', alert.value, 'mono'));
	return row;
}

function historyRow(alert) {
	const row = document.createElement('tr');
	row.dataset.fingerprint = alert.fingerprint;
	row.append(cell('td', alert.status), severity(alert), cell('th', alert.name),
		cell('td', alert.labels, 'mono labels'), cell('td', alert.since), cell('td', alert.until),
		cell('td', alert.value, 'mono'));
	return row;
}

const firingRowOf = (fingerprint) => [...firingRows.rows].find((row) => row.dataset.fingerprint === fingerprint);

function showFiring(alert) {
	const fresh = firingRow(alert);
	const known = firingRowOf(alert.fingerprint);
	if (known) {
		known.replaceWith(fresh);
	}
	else {
		firingRows.prepend(fresh);
	}
	firingEmpty.hidden = firingRows.rows.length > 0;
}

function showResolved(alert) {
	firingRowOf(alert.fingerprint)?.remove();
	firingEmpty.hidden = firingRows.rows.length > 0;
	historyRows.prepend(historyRow(alert));
	while (historyRows.rows.length > HISTORY_ROWS) {
		historyRows.lastElementChild.remove();
	}
	historyEmpty.hidden = true;
}

function follow(url) {
	const source = new EventSource(url);
	source.addEventListener('snapshot', (event) => {
		firingRows.replaceChildren(...JSON.parse(event.data).map(firingRow));
		firingEmpty.hidden = firingRows.rows.length > 0;
		section.dataset.snapshot = 'received';
	});
	source.addEventListener('firing', (event) => showFiring(JSON.parse(event.data)));
	source.addEventListener('repeat', (event) => showFiring(JSON.parse(event.data)));
	source.addEventListener('resolved', (event) => showResolved(JSON.parse(event.data)));
	source.addEventListener('open', () => {
		section.dataset.live = 'open';
		status.hidden = true;
		status.textContent = '';
	});
	source.addEventListener('error', () => {
		if (source.readyState === EventSource.CLOSED) {
			status.textContent = 'Live updates stopped: your session may have ended. ';
			const reload = document.createElement('a');
			reload.href = window.location.pathname;
			reload.textContent = 'Reload the page';
			status.append(reload);
		}
		else {
			status.textContent = `Live updates interrupted at ${timeText(new Date())}; reconnecting. `
				+ 'The alerts shown may be out of date.';
		}
		status.hidden = false;
	});
}

// Only the chosen condition type's inputs are shown; the server reads only those too.
function conditionInputs() {
	const type = document.querySelector('[data-condition-type]');
	const show = () => {
		for (const group of document.querySelectorAll('[data-condition]')) {
			group.hidden = group.dataset.condition !== type.value;
		}
	};
	type.addEventListener('change', show);
	show();
}

follow(section.dataset.liveUrl);
conditionInputs();
askBeforeSubmitting(document.getElementById('confirm-dialog'));
