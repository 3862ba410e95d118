// The Switches page's one table: rows follow the live feed. A switch that appears after
// the page was rendered (a topology imported, a switch registered) gets a new row in
// the table's order: topology order, then by name; a removed one loses its row. A
// switch that becomes registered (or stops being) is redrawn, since only a registered
// switch links to its page.

import { applyCard, followSwitches } from './live-switches.js';

const section = document.getElementById('managed-switches');
const table = document.getElementById('switches-table');
const body = table.tBodies[0];
const summary = document.getElementById('switches-summary');
const empty = document.getElementById('switches-empty');
const registerHint = document.getElementById('register-hint');
const status = document.getElementById('live-status');

// The order and the words of SwitchesSummary.java.
const STATES = ['PRIMARY', 'BACKUP', 'OBSERVER', 'CONNECTING', 'UNREACHABLE', 'DISABLED'];
const REACHABLE = ['PRIMARY', 'BACKUP', 'OBSERVER'];

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

// Topology switches first, in topology order; the others after them, by name.
function before(card, row) {
	const mine = card.position >= 0 ? card.position : Infinity;
	const theirs = Number(row.dataset.position) >= 0 ? Number(row.dataset.position) : Infinity;
	return mine < theirs || (mine === theirs && card.name < row.dataset.liveSwitch);
}

// The same cells as the rows switches.html renders.
function newRow(card) {
	const tr = document.createElement('tr');
	tr.dataset.liveSwitch = card.name;
	tr.dataset.registered = String(card.registered);
	tr.dataset.position = String(card.position);
	const name = document.createElement('th');
	name.scope = 'row';
	const label = document.createElement(card.registered ? 'a' : 'span');
	if (card.registered) {
		label.href = section.dataset.switchUrl + encodeURIComponent(card.name);
	}
	label.textContent = card.name;
	name.append(label);
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
	tr.append(name, cell('role'), cell('address', 'mono'), cell('deviceId', 'mono'), state, cell('primary'),
		cell('apiVersion'), cell('roundTrip', 'mono'), error, reconcile, cell('pipeline', 'mono'));
	const after = [...body.rows].find((row) => before(card, row));
	body.insertBefore(tr, after ?? null);
	return tr;
}

function rowFor(card) {
	const known = rowOf(card.name);
	if (known && known.dataset.registered === String(card.registered)) {
		return known;
	}
	known?.remove();
	return newRow(card);
}

function updateSummary() {
	const rows = [...body.rows];
	const count = (states) => rows.filter((row) => states.includes(row.dataset.state)).length;
	const counts = STATES.map((state) => `${count([state])} ${state.toLowerCase()}`);
	summary.textContent = `${rows.length} switches: ${count(REACHABLE)} reachable · ${counts.join(', ')}`;
	const none = rows.length === 0;
	summary.hidden = none;
	table.parentElement.hidden = none;
	empty.hidden = !none;
	// Rendered only while no switch was registered: once one is, it is not needed again.
	if (registerHint) {
		registerHint.hidden = none || rows.some((row) => row.dataset.registered === 'true');
	}
}

followSwitches(section.dataset.liveUrl, {
	status,
	onCard(card) {
		applyCard(rowFor(card), card);
		updateSummary();
	},
	onRemoved(name) {
		rowOf(name)?.remove();
		updateSummary();
	},
});
