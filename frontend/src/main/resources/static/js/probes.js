// The Probes page: GPINT's and Euler's paths over the current topology side by side (from
// /probes/plans, drawn on /topology/graph's drawing), their figures in one table; the live
// session (/probes/live) on its own drawing; operators run a session with the plan controls'
// choice; the recent sessions' latency and history.

import { followSwitches } from './live-switches.js';
import { readDrawing } from './topology-drawing.js';
import { drawSwitches, legendEntries, paintSwatches, showPaths } from './probe-paths.js';
import {
	componentMarked, probeProgressed, sessionCompleted, sessionStarted, useDrawing,
} from './probe-session.js';
import { followHistory, showHistory, showLatency } from './probe-history.js';

const root = document.getElementById('probes');
const form = document.getElementById('plan-form');
const planError = document.getElementById('plan-error');

const drawings = { gpint: null, euler: null, session: null };

async function json(url) {
	const response = await fetch(url, {
		credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
	});
	if (response.status === 204) {
		return null;
	}
	const body = await response.json().catch(() => ({}));
	if (!response.ok) {
		throw new Error(body.detail ?? `the service answered HTTP ${response.status}`);
	}
	return body;
}

// The form as /probes/plans's query: GPINT-c as c, "k paths" as k, and the seed.
function planQuery() {
	const size = form.elements.size.value;
	const query = new URLSearchParams({ seed: form.elements.seed.value });
	if (size === 'k') {
		query.set('k', form.elements.k.value);
	}
	else {
		query.set('c', size.substring(2));
	}
	return query;
}

function gpintName(plan) {
	const size = form.elements.size.value;
	return size === 'k' ? `GPINT (k = ${plan.k})` : `GPINT-${size.substring(2)} (k = ${plan.k})`;
}

const percent = (fraction) => `${(fraction * 100).toFixed(0)} %`;

const FIGURES = {
	probes: (plan) => String(plan.paths.length),
	lengths: (plan) => `${plan.lengths.min} / ${plan.lengths.mean.toFixed(1)} / ${plan.lengths.max}`,
	overlaps: (plan) => String(plan.overlaps),
	nodes: (plan) => percent(plan.coverage.nodes),
	edges: (plan) => percent(plan.coverage.edges),
};

function showFigures(pair) {
	document.getElementById('plan-gpint-name').textContent = gpintName(pair.gpint);
	for (const row of document.querySelectorAll('#plan-table tbody tr')) {
		const figure = FIGURES[row.dataset.figure];
		row.querySelector('[data-plan="gpint"]').textContent = figure(pair.gpint);
		row.querySelector('[data-plan="euler"]').textContent = figure(pair.euler);
	}
}

function showPlan(name, plan, noun) {
	showPaths(drawings[name], plan.paths, name);
	const legend = document.getElementById(`${name}-legend`);
	legend.replaceChildren(...legendEntries(plan.paths, noun));
	paintSwatches(legend);
	document.getElementById(`${name}-graph`).setAttribute('aria-label',
		`${plan.paths.length} ${noun.toLowerCase()}s drawn over the topology; the list below names their switches`);
}

async function plan() {
	try {
		const pair = await json(`${root.dataset.plansUrl}?${planQuery()}`);
		if (pair === null) {
			window.location.reload(); // the topology went away: the page says how to import one
			return;
		}
		showFigures(pair);
		document.getElementById('gpint-caption').textContent = `${gpintName(pair.gpint)} paths`;
		showPlan('gpint', pair.gpint, 'Path');
		showPlan('euler', pair.euler, 'Trail');
		document.getElementById('plan-note').textContent = `${gpintName(pair.gpint)}: ${pair.gpint.paths.length} `
			+ `paths; Euler: ${pair.euler.paths.length} trails; over ${pair.switches} switches.`;
		planError.hidden = true;
	}
	catch (failure) {
		document.getElementById('plan-note').textContent = '';
		planError.textContent = `Could not plan: ${failure.message}.`;
		planError.hidden = false;
	}
}

async function load() {
	try {
		const drawing = await readDrawing(root.dataset.graphUrl);
		if (drawing === null) {
			window.location.reload();
			return;
		}
		for (const name of Object.keys(drawings)) {
			drawings[name]?.destroy();
			drawings[name] = drawSwitches(document.getElementById(`${name}-graph`), drawing);
		}
		useDrawing(drawings.session);
		await plan();
	}
	catch (failure) {
		planError.textContent = `Could not load the topology: ${failure.message}. Reload the page to try again.`;
		planError.hidden = false;
	}
}

// The form's choice as a session request (form-encoded, with the session's CSRF token).
async function runSession() {
	const body = new URLSearchParams({ algorithm: form.elements.algorithm.value });
	if (form.elements.algorithm.value === 'gpint') {
		const query = planQuery();
		query.delete('seed');
		query.forEach((value, name) => body.set(name, value));
	}
	const header = document.querySelector('meta[name="csrf-header"]').content;
	const token = document.querySelector('meta[name="csrf-token"]').content;
	try {
		const response = await fetch(root.dataset.sessionsUrl, {
			method: 'POST',
			credentials: 'same-origin',
			headers: { Accept: 'application/json', [header]: token },
			body,
		});
		const answer = await response.json().catch(() => ({}));
		if (!response.ok) {
			throw new Error(answer.detail ?? `the service answered HTTP ${response.status}`);
		}
		planError.hidden = true;
	}
	catch (failure) {
		planError.textContent = `Could not run a session: ${failure.message}.`;
		planError.hidden = false;
	}
}

// The orchestrator's events; the history is read again when a session starts or ends.
function followSessions() {
	const source = new EventSource(root.dataset.liveUrl);
	const status = document.getElementById('live-status');
	const on = (name, handle) => source.addEventListener(name, (event) => handle(JSON.parse(event.data)));
	on('session', (session) => {
		sessionStarted(session);
		showHistory();
	});
	on('probe', probeProgressed);
	on('component', componentMarked);
	on('completed', (session) => {
		sessionCompleted(session);
		showHistory();
		showLatency();
	});
	source.addEventListener('topology', () => load());
	source.addEventListener('open', () => {
		status.hidden = true;
		root.dataset.live = 'open';
	});
	source.addEventListener('error', () => {
		root.dataset.live = 'interrupted';
		status.textContent = source.readyState === EventSource.CLOSED
			? 'Live sessions stopped: your session may have ended; reload the page.'
			: 'Live sessions interrupted; reconnecting. A session that ran meanwhile shows in the history.';
		status.hidden = false;
	});
}

const waiting = document.getElementById('probes-empty');

if (waiting) {
	// No topology yet: plan the one imported next as soon as it arrives.
	followSwitches(waiting.dataset.liveUrl, { onCard() {}, onTopology: () => window.location.reload() });
}
else if (root) {
	form.elements.size.addEventListener('change', () => {
		document.getElementById('plan-k-field').hidden = form.elements.size.value !== 'k';
	});
	form.addEventListener('submit', (submit) => {
		submit.preventDefault();
		plan();
	});
	document.getElementById('run-session')?.addEventListener('click', runSession);
	followHistory();
	await load();
	followSessions();
	showHistory();
	showLatency();
}
