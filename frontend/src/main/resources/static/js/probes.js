// The Probes page: GPINT's and Euler's paths over the current topology side by side (from
// /probes/plans, drawn on /topology/graph's drawing), their figures in one table.

import { followSwitches } from './live-switches.js';
import { readDrawing } from './topology-drawing.js';
import { drawSwitches, legendEntries, paintSwatches, showPaths } from './probe-paths.js';

const root = document.getElementById('probes');
const form = document.getElementById('plan-form');
const planError = document.getElementById('plan-error');

const drawings = { gpint: null, euler: null };

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
		await plan();
	}
	catch (failure) {
		planError.textContent = `Could not load the topology: ${failure.message}. Reload the page to try again.`;
		planError.hidden = false;
	}
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
	await load();
	followSwitches(root.dataset.liveUrl, { onCard() {}, onTopology: load });
}
