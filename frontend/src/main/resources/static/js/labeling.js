// The Labeling page: INT-label's coverage gauge and chart, every port's freshness as a heat
// map (a table of cells and the topology's links coloured by it) with its S, and the
// parameters in force. A snapshot arrives first on /labeling/live, then a coverage window
// every Ti, the ports' freshness every second and each change of S.

import { drawArrays } from './charts.js';
import { readDrawing, drawTopology } from './topology-drawing.js';

// Keeps the chart's points bounded however long the page stays open (50 min at Ti = 100 ms).
const CHART_POINTS = 30_000;

// Okabe-Ito colours: told apart with the common colour-vision deficiencies; every cell also
// says its age in text, so colour is never the only sign.
const BUCKETS = [
	{ name: 'fresh', colour: '#0072b2', upTo: 1, label: (ti) => `within Ti (${ti} ms)` },
	{ name: 'recent', colour: '#56b4e9', upTo: 10, label: (ti) => `within 10 Ti (${10 * ti} ms)` },
	{ name: 'stale', colour: '#e69f00', upTo: 100, label: (ti) => `within 100 Ti (${(100 * ti) / 1000} s)` },
	{ name: 'old', colour: '#b34700', upTo: Infinity, label: (ti) => `older than 100 Ti` },
];
const NEVER = { name: 'never', colour: '#9a9a9a', label: () => 'never measured' };

const root = document.getElementById('labeling');
const sourceSelect = document.getElementById('freshness-source');
const chartBox = document.getElementById('coverage-chart');

const state = { ti: 100, ports: [], shifts: new Map(), xs: [], ys: [], chart: null, graph: null, drawing: null };

const text = (id, value) => {
	document.getElementById(id).textContent = value;
};

const percent = (rate) => `${(rate * 100).toFixed(1)} %`;

function showSample(sample) {
	if (!sample) {
		return;
	}
	const ti = Math.round((Date.parse(sample.end) - Date.parse(sample.start)));
	if (ti > 0) {
		state.ti = ti;
	}
	const gauge = document.getElementById('coverage-gauge');
	gauge.value = sample.rate;
	gauge.dataset.rate = String(sample.rate);
	gauge.dataset.end = sample.end;
	text('coverage-rate', percent(sample.rate));
	text('coverage-active', String(sample.active));
	text('coverage-covered', String(sample.covered));
	text('coverage-bandwidth', `${(sample.bandwidthOccupation * 100).toFixed(3)} %`);
	text('coverage-labeled', String(sample.labeledPackets));
	text('coverage-exported', String(sample.exportedPackets));
	text('coverage-ti', `${state.ti} ms`);
}

function addToChart(samples) {
	for (const sample of samples) {
		state.xs.push(Date.parse(sample.end) / 1000);
		state.ys.push(sample.rate);
	}
	const extra = state.xs.length - CHART_POINTS;
	if (extra > 0) {
		state.xs.splice(0, extra);
		state.ys.splice(0, extra);
	}
	if (state.chart) {
		state.chart.setData([state.xs, state.ys]);
		chartBox.dataset.points = String(state.xs.length);
	}
	else if (state.xs.length > 0) {
		state.chart = drawArrays(chartBox, state.xs, state.ys, { label: 'coverage rate', height: 220 });
	}
}

const portKey = (switchName, port) => `${switchName}:${port}`;

// The age shown for a port: from the source chosen, or the freshest of all.
function ageOf(cell) {
	const chosen = sourceSelect.value;
	const ages = Object.entries(cell.ageMs ?? {})
		.filter(([source]) => chosen === 'ANY' || source === chosen)
		.map(([, age]) => age);
	return ages.length === 0 ? null : Math.min(...ages);
}

function bucketOf(age) {
	if (age === null) {
		return NEVER;
	}
	return BUCKETS.find((bucket) => age <= bucket.upTo * state.ti);
}

function ageText(age) {
	if (age === null) {
		return 'never';
	}
	return age < 1000 ? `${age} ms` : `${(age / 1000).toFixed(1)} s`;
}

function showLegend() {
	const legend = document.getElementById('freshness-legend');
	legend.replaceChildren(...[...BUCKETS, NEVER].map((bucket) => {
		const item = document.createElement('li');
		const swatch = document.createElement('span');
		swatch.className = `fresh-swatch fresh-${bucket.name}`;
		item.append(swatch, bucket.label(state.ti));
		return item;
	}));
}

function showHeatMap() {
	const rows = document.getElementById('heat-map-rows');
	const bySwitch = new Map();
	for (const cell of state.ports) {
		if (!bySwitch.has(cell.switchName)) {
			bySwitch.set(cell.switchName, []);
		}
		bySwitch.get(cell.switchName).push(cell);
	}
	rows.replaceChildren(...[...bySwitch].map(([name, cells]) => {
		const row = document.createElement('tr');
		const head = document.createElement('th');
		head.scope = 'row';
		head.textContent = name;
		row.append(head, ...cells.map((cell) => {
			const td = document.createElement('td');
			const age = ageOf(cell);
			const bucket = bucketOf(age);
			const shift = state.shifts.get(portKey(cell.switchName, cell.port)) ?? cell.shift;
			td.className = `heat-cell fresh-${bucket.name}`;
			td.dataset.port = portKey(cell.switchName, cell.port);
			td.dataset.freshness = bucket.name;
			td.dataset.shift = String(shift);
			td.textContent = `${cell.port} · ${ageText(age)}${shift > 0 ? ` · S ${shift}` : ''}`;
			td.title = `${cell.switchName} port ${cell.port}: ${bucket.label(state.ti)}, S = ${shift}`;
			return td;
		}));
		return row;
	}));
	document.getElementById('heat-map-empty').hidden = state.ports.length > 0;
	colourLinks();
}

function colourLinks() {
	if (!state.graph || !state.drawing) {
		return;
	}
	const cells = new Map(state.ports.map((cell) => [portKey(cell.switchName, cell.port), cell]));
	for (const link of state.drawing.links) {
		const ends = [cells.get(portKey(link.a, link.aPort)), cells.get(portKey(link.b, link.bPort))]
			.filter((cell) => cell);
		if (ends.length === 0) {
			continue;
		}
		const ages = ends.map(ageOf);
		const stalest = ages.includes(null) ? null : Math.max(...ages);
		const edge = state.graph.getElementById(`${link.a}:${link.aPort}-${link.b}:${link.bPort}`);
		edge.data('freshness', bucketOf(stalest).colour);
	}
}

function showShifts() {
	const rows = document.getElementById('shift-rows');
	const raised = [...state.shifts].filter(([, shift]) => shift > 0).sort();
	rows.replaceChildren(...raised.map(([key, shift]) => {
		const row = document.createElement('tr');
		row.dataset.port = key;
		for (const value of [key, String(shift), `T / ${2 ** shift}`]) {
			const td = document.createElement('td');
			td.textContent = value;
			row.append(td);
		}
		return row;
	}));
	document.getElementById('shift-empty').hidden = raised.length > 0;
}

function showParameters(snapshot) {
	const version = snapshot.version;
	text('parameters-version', version
		? `Version ${version.version} (${version.kind}) by ${version.author} at ${version.at.substring(0, 19).replace('T', ' ')} UTC${version.comment ? `: ${version.comment}` : ''}`
		: 'No labeling parameters applied yet: nothing labels.');
	const rows = document.getElementById('parameters-rows');
	rows.replaceChildren(...Object.entries(snapshot.parameters ?? {}).map(([name, p]) => {
		const row = document.createElement('tr');
		for (const value of [name, p.mode, p.intervalMs, p.restMs, p.k, p.probability, p.maxHop, p.telemetryIntervalMs]) {
			const td = document.createElement('td');
			td.textContent = String(value);
			row.append(td);
		}
		return row;
	}));
}

function setPorts(ports) {
	state.ports = ports;
	for (const cell of ports) {
		state.shifts.set(portKey(cell.switchName, cell.port), cell.shift);
	}
	showHeatMap();
	showShifts();
}

function snapshotArrived(snapshot) {
	document.getElementById('coverage-off').hidden = snapshot.enabled;
	state.xs = [];
	state.ys = [];
	state.chart?.destroy();
	state.chart = null;
	showSample(snapshot.current);
	addToChart(snapshot.history ?? []);
	showLegend();
	state.shifts = new Map();
	setPorts(snapshot.ports ?? []);
	showParameters(snapshot);
}

async function drawGraph() {
	state.drawing = await readDrawing(root.dataset.graphUrl).catch(() => null);
	state.graph?.destroy();
	state.graph = null;
	if (!state.drawing) {
		return;
	}
	state.graph = drawTopology(document.getElementById('freshness-graph'), state.drawing, {
		colourOf: () => '#57606a',
		hostColour: '#8c959f',
		extraStyle: [{ selector: 'edge[freshness]', style: { width: 4, 'line-color': 'data(freshness)' } }],
	});
	colourLinks();
}

function follow() {
	const source = new EventSource(root.dataset.liveUrl);
	const status = document.getElementById('live-status');
	const on = (name, handle) => source.addEventListener(name, (event) => handle(JSON.parse(event.data)));
	on('snapshot', snapshotArrived);
	on('coverage', (sample) => {
		showSample(sample);
		addToChart([sample]);
	});
	on('ports', setPorts);
	on('shift', (changed) => {
		state.shifts.set(portKey(changed.port.switchName, changed.port.port), changed.to);
		showHeatMap();
		showShifts();
	});
	source.addEventListener('topology', () => drawGraph());
	source.addEventListener('open', () => {
		status.hidden = true;
		root.dataset.live = 'open';
	});
	source.addEventListener('error', () => {
		root.dataset.live = 'interrupted';
		status.textContent = source.readyState === EventSource.CLOSED
			? 'Live coverage stopped: your session may have ended; reload the page.'
			: 'Live coverage interrupted; reconnecting.';
		status.hidden = false;
	});
}

if (root) {
	sourceSelect.addEventListener('change', showHeatMap);
	showLegend();
	await drawGraph();
	follow();
}
