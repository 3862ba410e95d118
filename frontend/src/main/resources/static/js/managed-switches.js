// The Switches page's managed switches: rows follow the live feed; a switch registered
// after the page was rendered gets a new row, a removed one loses its row.

import { applyCard, followSwitches } from './live-switches.js';

const section = document.getElementById('managed-switches');
const table = document.getElementById('managed-table');
const body = table.tBodies[0];
const summary = document.getElementById('managed-summary');
const empty = document.getElementById('managed-empty');
const status = document.getElementById('live-status');

const STATES = ['PRIMARY', 'BACKUP', 'CONNECTING', 'UNREACHABLE', 'DISABLED'];

function rowOf(name) {
	return [...body.rows].find((row) => row.dataset.liveSwitch === name);
}

function cell(field, className) {
	const td = document.createElement('td');
	if (className) {
		td.className = className;
	}
	td.dataset.field = field;
	return td;
}

// The same cells as the rows switches.html renders.
function newRow(card) {
	const tr = document.createElement('tr');
	tr.dataset.liveSwitch = card.name;
	const name = document.createElement('th');
	name.scope = 'row';
	const link = document.createElement('a');
	link.href = section.dataset.switchUrl + encodeURIComponent(card.name);
	link.textContent = card.name;
	name.append(link);
	const state = document.createElement('td');
	const badge = document.createElement('span');
	badge.dataset.field = 'stateText';
	state.append(badge);
	const error = document.createElement('td');
	error.className = 'reason';
	error.dataset.errorCell = '';
	const errorText = document.createElement('span');
	errorText.className = 'error-text';
	errorText.dataset.field = 'lastError';
	error.append(errorText);
	const reconcile = document.createElement('td');
	reconcile.className = 'reason';
	const reconcileText = document.createElement('span');
	reconcileText.className = 'reconcile-text';
	reconcileText.dataset.field = 'lastReconcile';
	reconcile.append(reconcileText);
	tr.append(name, cell('address', 'mono'), cell('deviceId', 'mono'), state, cell('primary'),
		cell('roundTrip', 'mono'), error, reconcile);
	const after = [...body.rows].find((row) => row.dataset.liveSwitch > card.name);
	body.insertBefore(tr, after ?? null);
	return tr;
}

// Same text as ManagedSummary.java.
function updateSummary() {
	const rows = [...body.rows];
	const counts = STATES.map((state) => `${rows.filter((row) => row.dataset.state === state).length} `
		+ state.toLowerCase());
	summary.textContent = `${rows.length} switches: ${counts.join(', ')}`;
	const none = rows.length === 0;
	summary.hidden = none;
	table.parentElement.hidden = none;
	if (empty) {
		empty.hidden = !none;
	}
}

followSwitches(section.dataset.liveUrl, {
	status,
	onCard(card) {
		applyCard(rowOf(card.name) ?? newRow(card), card);
		updateSummary();
	},
	onRemoved(name) {
		rowOf(name)?.remove();
		updateSummary();
	},
});
