// The Probes page's recent sessions: the collection latency of the last sessions as a
// chart, and the history table with its filters (status, algorithm, start time), both
// from /probes/sessions and read again whenever a session starts or ends.

import { drawArrays } from './charts.js';
import { planLabel } from './probe-session.js';

const CHART_SESSIONS = 100;
const TABLE_SESSIONS = 50;

const root = document.getElementById('probes');
const form = document.getElementById('session-filters');
const rowsBody = document.getElementById('session-rows');
const empty = document.getElementById('sessions-empty');
const historyError = document.getElementById('history-error');
const latencyNote = document.getElementById('latency-note');
let chart = null;

async function sessions(params) {
	const response = await fetch(`${root.dataset.sessionsUrl}?${params}`, {
		credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
	});
	const body = await response.json().catch(() => ({}));
	if (!response.ok) {
		throw new Error(body.detail ?? `the service answered HTTP ${response.status}`);
	}
	return body;
}

// A datetime-local value is the page's UTC time without a zone.
function instantOf(value) {
	if (!value) {
		return '';
	}
	return `${value.length === 16 ? `${value}:00` : value}Z`;
}

function filterParams() {
	const params = new URLSearchParams({ limit: String(TABLE_SESSIONS) });
	for (const name of ['status', 'algorithm']) {
		if (form.elements[name].value) {
			params.set(name, form.elements[name].value);
		}
	}
	for (const name of ['from', 'to']) {
		const value = instantOf(form.elements[name].value);
		if (value) {
			params.set(name, value);
		}
	}
	return params;
}

const started = (iso) => iso.substring(0, 19).replace('T', ' ');

function cell(text, className) {
	const td = document.createElement('td');
	td.textContent = text;
	if (className) {
		td.className = className;
	}
	return td;
}

function sessionRow(session) {
	const tr = document.createElement('tr');
	tr.dataset.session = session.id;
	tr.dataset.status = session.status;
	const id = document.createElement('th');
	id.scope = 'row';
	id.className = 'mono';
	id.textContent = session.id;
	const status = document.createElement('td');
	const badge = document.createElement('span');
	badge.className = `status session-${session.status.toLowerCase()}`;
	badge.textContent = session.status;
	status.append(badge);
	if (session.failure) {
		status.title = session.failure;
	}
	const marked = session.components.map((verdict) => `${verdict.component} ${verdict.status}`);
	if (session.replan) {
		marked.push(`re-planned around ${[...session.replan.avoidedLinks, ...session.replan.avoidedSwitches]
			.join(', ') || 'a new topology'}`);
	}
	tr.append(id, cell(started(session.startedAt), 'mono'), cell(session.trigger),
		cell(`${planLabel(session.settings)}, ${session.paths.length} paths`), status,
		cell(session.collectionLatencyMs == null ? '—' : `${session.collectionLatencyMs} ms`, 'mono'),
		cell(String(session.probesSent), 'mono'), cell(String(session.probesLost), 'mono'),
		cell(String(session.recoveryProbesSent), 'mono'), cell(marked.join('; ') || '—'));
	return tr;
}

export async function showHistory() {
	try {
		const found = await sessions(filterParams());
		rowsBody.replaceChildren(...found.map(sessionRow));
		empty.hidden = found.length > 0;
		empty.textContent = form.elements.status.value || form.elements.algorithm.value
			|| form.elements.from.value || form.elements.to.value ? 'No session matches these filters.'
			: 'No sessions yet.';
		historyError.hidden = true;
	}
	catch (failure) {
		historyError.textContent = `No history: ${failure.message}.`;
		historyError.hidden = false;
	}
}

export async function showLatency() {
	try {
		const recent = (await sessions(new URLSearchParams({ limit: String(CHART_SESSIONS) })))
			.filter((session) => session.collectionLatencyMs != null)
			.reverse();
		chart?.destroy();
		chart = drawArrays(document.getElementById('latency-chart'),
			recent.map((session) => Date.parse(session.startedAt) / 1000),
			recent.map((session) => session.collectionLatencyMs), { label: 'latency (ms)', height: 180 });
		const last = recent.at(-1);
		latencyNote.textContent = last ? `First probe sent to last packet back, per session; the last, ${last.id}: `
			+ `${last.collectionLatencyMs} ms (${recent.length} sessions charted).` : 'No session has a latency yet.';
	}
	catch (failure) {
		latencyNote.textContent = `No latency chart: ${failure.message}.`;
	}
}

export function followHistory() {
	form.addEventListener('submit', (submit) => {
		submit.preventDefault();
		showHistory();
	});
}
