// The Metrics page: a metric's keys (from /metrics/keys) and the chosen key's history
// chart; the thresholds, which operators change here (PUT with the session's CSRF token),
// and the events per second around each change, refreshed every few seconds.

import { drawArrays, drawSeries } from './charts.js';

const RATE_REFRESH_MS = 2000;
const RATE_SPAN_S = 300;

const root = document.getElementById('metrics');
const form = document.getElementById('series-form');
const seriesNote = document.getElementById('series-note');
const rateNote = document.getElementById('rate-note');
const thresholdError = document.getElementById('threshold-error');
let seriesChart = null;
let rateChart = null;

async function json(url, init = {}) {
	const response = await fetch(url, {
		credentials: 'same-origin', cache: 'no-store', ...init,
		headers: { Accept: 'application/json', ...(init.headers ?? {}) },
	});
	const body = await response.json().catch(() => ({}));
	if (!response.ok) {
		throw new Error(body.detail ?? `the service answered HTTP ${response.status}`);
	}
	return body;
}

async function loadKeys() {
	const select = form.elements.key;
	select.replaceChildren();
	try {
		const body = await json(`${root.dataset.keysUrl}?${new URLSearchParams({ metric: form.elements.metric.value })}`);
		select.append(...body.keys.map((key) => new Option(key, key)));
		seriesNote.textContent = body.keys.length ? '' : 'No keys of this metric were reported yet.';
		return body.keys.length > 0;
	}
	catch (failure) {
		seriesNote.textContent = `No keys: ${failure.message}.`;
		return false;
	}
}

async function showSeries() {
	const params = new URLSearchParams(new FormData(form));
	try {
		const body = await json(`${root.dataset.historyUrl}?${params}`);
		seriesChart?.destroy();
		seriesChart = drawSeries(document.getElementById('series-chart'), body.points,
			{ label: body.metric, from: body.from, to: body.to });
		seriesNote.textContent = `${body.points.length} points of ${body.metric} for ${body.key}.`;
	}
	catch (failure) {
		seriesNote.textContent = `No chart: ${failure.message}.`;
	}
}

async function showRate() {
	try {
		const body = await json(`${root.dataset.rateUrl}?span=${RATE_SPAN_S}`);
		rateChart?.destroy();
		rateChart = drawArrays(document.getElementById('rate-chart'), body.seconds, body.events,
			{ label: 'events/s', marks: body.marks, height: 160 });
		const last = body.events.slice(-10);
		const mean = last.reduce((sum, value) => sum + value, 0) / Math.max(1, last.length);
		rateNote.textContent = `${mean.toFixed(1)} events/s over the last 10 s`
			+ (body.marks.length ? `; ${body.marks.length} threshold changes marked.` : '.');
	}
	catch (failure) {
		rateNote.textContent = `No event rate: ${failure.message}.`;
	}
}

// T(m) is unsigned 64-bit: up to 2^64-1, beyond what a JavaScript number holds exactly, so
// the digits go into the JSON body as typed and are shown back as typed.
const THRESHOLD_DIGITS = /^[0-9]{1,20}$/;

async function changeThreshold(thresholdForm) {
	const { metric } = thresholdForm.dataset;
	const digits = thresholdForm.elements.threshold.value.trim();
	const header = document.querySelector('meta[name="csrf-header"]').content;
	const token = document.querySelector('meta[name="csrf-token"]').content;
	if (!THRESHOLD_DIGITS.test(digits)) {
		thresholdError.textContent = `Could not change the threshold of ${metric}: `
			+ `'${digits}' is not a whole number from 0 to 18446744073709551615.`;
		thresholdError.hidden = false;
		return;
	}
	try {
		await json(`${root.dataset.thresholdsUrl}/${encodeURIComponent(metric)}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json', [header]: token },
			body: `{"threshold": ${digits.replace(/^0+(?=[0-9])/, '')}}`,
		});
		thresholdError.hidden = true;
		const row = thresholdForm.closest('tr');
		const atDefault = row.querySelector('[data-field="at-default"]');
		if (atDefault) {
			atDefault.textContent = BigInt(digits) === BigInt(row.dataset.default) ? 'the default' : 'set by an operator';
		}
		await showRate();
	}
	catch (failure) {
		thresholdError.textContent = `Could not change the threshold of ${metric}: ${failure.message}.`;
		thresholdError.hidden = false;
	}
}

if (root) {
	form.elements.metric.addEventListener('change', async () => {
		if (await loadKeys()) {
			showSeries();
		}
	});
	form.addEventListener('submit', (submit) => {
		submit.preventDefault();
		showSeries();
	});
	document.querySelectorAll('.threshold-form').forEach((thresholdForm) => thresholdForm.addEventListener('submit',
		(submit) => {
			submit.preventDefault();
			changeThreshold(thresholdForm);
		}));
	if (root.dataset.historyAvailable === 'true' && await loadKeys()) {
		showSeries();
	}
	await showRate();
	setInterval(showRate, RATE_REFRESH_MS);
}
