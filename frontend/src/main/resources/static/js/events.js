// The Events page. Live mode follows /events/live (server-sent events filtered on the
// server); pausing keeps receiving and counts what arrives, shown on resume. A dropped
// connection is resumed by the EventSource with Last-Event-ID; the server says when part
// of what was missed is gone ("gap") or when this page could not keep up ("lost"). History
// mode pages through /events/history. Selecting an event shows its context: its flow's
// path on the topology and its metric's recent history.

import { drawTopology, readDrawing } from './topology-drawing.js';
import { stateColour, timeText } from './live-switches.js';
import { drawSeries } from './charts.js';

const MAX_ROWS = 500;
const HISTORY_PAGE = 100;

const root = document.getElementById('events');
const form = document.getElementById('event-filters');
const rowsBody = document.getElementById('event-rows');
const empty = document.getElementById('events-empty');
const pauseButton = document.getElementById('pause');
const state = document.getElementById('stream-state');
const notice = document.getElementById('stream-notice');
const errorNotice = document.getElementById('stream-error');
const olderButton = document.getElementById('older');

const shown = new Map();
// The latest path of each flow seen in flow_path events: other metrics of a flow (its
// latency, a hop's latency) do not carry the path themselves.
const knownPaths = new Map();
let source = null;
let paused = false;
let waiting = [];
let nextCursor = null;
let drawing;
let graph = null;
let chart = null;

const mode = () => form.elements.mode.value;

function filterParams() {
	const params = new URLSearchParams();
	for (const name of ['kind', 'metric', 'switch', 'flow']) {
		const value = form.elements[name].value.trim();
		if (value) {
			params.set(name, value);
		}
	}
	return params;
}

const numberText = (value) => (value == null ? '—' : String(value));

function cell(text, className) {
	const td = document.createElement('td');
	td.textContent = text;
	if (className) {
		td.className = className;
	}
	return td;
}

function rowOf(event) {
	const tr = document.createElement('tr');
	tr.dataset.id = event.id ?? '';
	tr.dataset.kind = event.kind;
	tr.dataset.metric = event.metric;
	const when = document.createElement('th');
	when.scope = 'row';
	const button = document.createElement('button');
	button.type = 'button';
	button.className = 'link-button';
	button.textContent = timeText(new Date(event.detectedAt));
	button.setAttribute('aria-label', `${event.kind} ${event.metric} ${event.key} at ${button.textContent}`);
	button.addEventListener('click', () => select(event, tr));
	when.append(button);
	tr.append(when, cell(event.kind), cell(event.metric, 'mono'), cell(event.key, 'mono'),
		cell(numberText(event.value), 'mono'), cell(numberText(event.previous), 'mono'));
	return tr;
}

// Newest first; the oldest rows go when the table is full.
function prepend(events) {
	const fragment = document.createDocumentFragment();
	for (const event of [...events].reverse()) {
		fragment.append(rowOf(event));
		shown.set(event.id, event);
	}
	rowsBody.prepend(fragment);
	while (rowsBody.rows.length > MAX_ROWS) {
		shown.delete(rowsBody.lastElementChild.dataset.id);
		rowsBody.lastElementChild.remove();
	}
	empty.hidden = rowsBody.rows.length > 0;
}

function append(events) {
	rowsBody.append(...events.map(rowOf));
	empty.hidden = rowsBody.rows.length > 0;
}

function clearRows() {
	rowsBody.replaceChildren();
	shown.clear();
	empty.hidden = false;
}

function say(text) {
	notice.textContent = text;
	notice.hidden = !text;
}

function showState() {
	if (paused) {
		state.textContent = `Paused: ${waiting.length} new events`;
	}
	else if (source && source.readyState === EventSource.OPEN) {
		state.textContent = 'Live';
	}
}

function learnPath(event) {
	if (event.metric === 'flow_path' && event.flow && event.path?.length) {
		knownPaths.set(event.flow, event.path);
	}
}

function received(event) {
	learnPath(event);
	if (paused) {
		waiting.push(event);
		showState();
	}
	else {
		prepend([event]);
	}
}

// The same row whichever feed sent it: the dashboard's own ("event", an EventRow) or the
// events module's stream ("telemetry", a TelemetryEvent: kind upper-case, flow an object).
function normalised(event) {
	const flow = event.flow;
	return {
		...event,
		kind: String(event.kind).toLowerCase(),
		flow: (flow && typeof flow === 'object')
			? `${flow.srcIp}:${flow.srcPort}>${flow.dstIp}:${flow.dstPort}/${flow.protocol}` : flow,
	};
}

function openLive() {
	source?.close();
	state.textContent = 'Connecting…';
	const params = filterParams();
	source = new EventSource(`${root.dataset.liveUrl}${params.size ? `?${params}` : ''}`);
	for (const name of ['event', 'telemetry']) {
		source.addEventListener(name, (message) => {
			received({ ...normalised(JSON.parse(message.data)), id: message.lastEventId });
		});
	}
	source.addEventListener('gap', (message) => {
		const gap = JSON.parse(message.data);
		say(`Some events after ${gap.after} are no longer kept and could not be replayed; `
			+ `the stream resumed at ${gap.resumedAt ?? gap.resumedFrom}.`);
	});
	source.addEventListener('lost', (message) => {
		const lost = JSON.parse(message.data);
		const count = lost.count ?? lost.missed;
		say(`${count} events were not sent to this page because it could not keep up.`);
	});
	source.addEventListener('open', () => {
		errorNotice.hidden = true;
		showState();
	});
	source.addEventListener('error', () => {
		if (source.readyState === EventSource.CLOSED) {
			errorNotice.textContent = 'Live events stopped: your session may have ended, or a filter is invalid. '
				+ 'Reload the page to try again.';
			errorNotice.hidden = false;
			state.textContent = 'Stopped';
		}
		else {
			state.textContent = `Reconnecting since ${timeText(new Date())}; missed events follow when it does.`;
		}
	});
}

function setPaused(value) {
	paused = value;
	pauseButton.textContent = paused ? 'Resume' : 'Pause';
	pauseButton.setAttribute('aria-pressed', String(paused));
	if (!paused) {
		const arrived = waiting;
		waiting = [];
		prepend(arrived);
		say(`${arrived.length} new events arrived while paused.`);
	}
	showState();
}

function instantOf(value) {
	if (!value) {
		return '';
	}
	return `${value.length === 16 ? `${value}:00` : value}Z`;
}

async function loadHistory(cursor) {
	const params = filterParams();
	for (const name of ['from', 'to']) {
		const value = instantOf(form.elements[name].value);
		if (value) {
			params.set(name, value);
		}
	}
	params.set('limit', String(HISTORY_PAGE));
	if (cursor) {
		params.set('cursor', cursor);
	}
	const response = await fetch(`${root.dataset.historyUrl}?${params}`, {
		credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
	});
	const body = await response.json().catch(() => ({}));
	if (!response.ok) {
		throw new Error(body.detail ?? `the service answered HTTP ${response.status}`);
	}
	const events = body.events.map(normalised);
	events.forEach(learnPath);
	append(events);
	nextCursor = body.next || body.nextCursor || null;
	olderButton.hidden = !nextCursor;
}

async function showHistory(cursor) {
	errorNotice.hidden = true;
	try {
		await loadHistory(cursor);
	}
	catch (failure) {
		errorNotice.textContent = `Could not read past events: ${failure.message}.`;
		errorNotice.hidden = false;
	}
}

function applyMode() {
	const live = mode() === 'live';
	document.querySelectorAll('.live-only').forEach((element) => { element.hidden = !live; });
	document.querySelectorAll('.history-only').forEach((element) => { element.hidden = live; });
	clearRows();
	say('');
	if (live) {
		openLive();
	}
	else {
		source?.close();
		source = null;
		setPaused(false);
		say('');
		showHistory(null);
	}
}

// --- context -------------------------------------------------------------------------

// The switches the event's flow crosses: its own path, the latest flow_path event of its
// flow seen here, or else the newest stored one.
async function pathOf(event) {
	if (event.path?.length) {
		return event.path;
	}
	if (!event.flow) {
		return [];
	}
	if (knownPaths.has(event.flow)) {
		return knownPaths.get(event.flow);
	}
	if (root.dataset.historyAvailable !== 'true') {
		return [];
	}
	const params = new URLSearchParams({ metric: 'flow_path', flow: event.flow, limit: '1' });
	try {
		const response = await fetch(`${root.dataset.historyUrl}?${params}`, {
			credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
		});
		const body = response.ok ? await response.json() : { events: [] };
		return body.events[0]?.path ?? [];
	}
	catch {
		return [];
	}
}

function fill(event) {
	const body = document.getElementById('context-body');
	const values = { ...event, pathText: event.path?.length ? event.path.join(' → ') : '—' };
	for (const element of body.querySelectorAll('[data-field]')) {
		element.textContent = numberText(values[element.dataset.field]);
	}
	body.hidden = false;
	document.getElementById('context-empty').hidden = true;
}

async function showPath(event) {
	const note = document.getElementById('path-note');
	const container = document.getElementById('context-graph');
	try {
		drawing ??= await readDrawing(root.dataset.graphUrl);
	}
	catch (failure) {
		drawing = undefined;
		note.textContent = `Could not load the topology: ${failure.message}.`;
		note.hidden = false;
		return;
	}
	if (!drawing) {
		note.textContent = 'No topology is imported, so there is nothing to draw the path on.';
		note.hidden = false;
		container.hidden = true;
		return;
	}
	container.hidden = false;
	graph ??= drawTopology(container, drawing, {
		colourOf: () => stateColour('state-not-registered'),
		hostColour: stateColour('host'),
		extraStyle: [
			{ selector: 'node.on-path', style: { 'background-color': '#1f4e8c', 'border-width': 3, 'border-color': '#0b2a55' } },
			{ selector: 'edge.on-path', style: { width: 4, 'line-color': '#1f4e8c' } },
		],
	});
	// INT switch ids are the P4Runtime device ids unless configured otherwise.
	const byId = new Map(drawing.switches.map((node) => [String(node.card.deviceId), node.name]));
	const ids = event.path?.length ? event.path : (event.switchId != null ? [event.switchId] : []);
	const names = ids.map((id) => byId.get(String(id)));
	graph.elements().removeClass('on-path');
	names.filter(Boolean).forEach((name) => graph.getElementById(name).addClass('on-path'));
	for (let index = 1; index < names.length; index++) {
		graph.edges().filter((edge) => (edge.source().id() === names[index - 1] && edge.target().id() === names[index])
			|| (edge.source().id() === names[index] && edge.target().id() === names[index - 1])).addClass('on-path');
	}
	const unknown = ids.filter((id, index) => !names[index]);
	if (!ids.length) {
		note.textContent = 'This event names no switch or path.';
	}
	else if (unknown.length) {
		note.textContent = `Switch ids not in the topology: ${unknown.join(', ')}.`;
	}
	else {
		note.textContent = `Marked: ${names.join(' → ')}.`;
	}
	note.hidden = false;
	container.dataset.path = names.filter(Boolean).join(',');
}

async function showChart(event) {
	const note = document.getElementById('chart-note');
	const container = document.getElementById('context-chart');
	const params = new URLSearchParams({ metric: event.metric, key: event.key, range: '15m', resolution: '10s' });
	try {
		const response = await fetch(`${root.dataset.metricUrl}?${params}`, {
			credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
		});
		const body = await response.json().catch(() => ({}));
		if (!response.ok) {
			throw new Error(body.detail ?? `the service answered HTTP ${response.status}`);
		}
		chart?.destroy();
		chart = drawSeries(container, body.points, { label: event.metric, from: body.from, to: body.to });
		note.textContent = `${event.metric} of ${event.key}, last 15 minutes, one point per 10 s.`;
	}
	catch (failure) {
		chart?.destroy();
		chart = null;
		note.textContent = `No history chart: ${failure.message}.`;
	}
	note.hidden = false;
}

async function select(event, tr) {
	rowsBody.querySelectorAll('tr[aria-selected="true"]').forEach((row) => row.removeAttribute('aria-selected'));
	tr.setAttribute('aria-selected', 'true');
	const placed = { ...event, path: await pathOf(event) };
	fill(placed);
	showPath(placed);
	showChart(event);
}

// --- wiring --------------------------------------------------------------------------

if (root) {
	form.addEventListener('submit', (submit) => {
		submit.preventDefault();
		applyMode();
	});
	form.querySelectorAll('input[name="mode"]').forEach((radio) => radio.addEventListener('change', applyMode));
	pauseButton.addEventListener('click', () => setPaused(!paused));
	olderButton.addEventListener('click', () => showHistory(nextCursor));
	if (root.dataset.historyAvailable !== 'true') {
		form.querySelector('input[value="history"]').disabled = true;
		form.querySelector('input[value="history"]').parentElement.title = 'No event store answers queries yet';
	}
	applyMode();
}
