// The Flows page: the NIC agents' flows by end-to-end latency, polled and redrawn every
// few seconds; the selected flow's hops (the bottleneck, the hop of the highest average
// latency, highlighted) and its path marked on the topology drawing; the per-switch
// histograms of the selected flow's agent (else the first agent's) as small bar charts.

import { stateColour } from './live-switches.js';
import { drawTopology, readDrawing } from './topology-drawing.js';

const REFRESH_MS = 2000;
const METRIC_NAMES = { hop_latency: 'hop latency', queue_occupancy: 'queue occupancy',
	link_utilization: 'link utilization' };
const PROTOCOLS = { 6: 'TCP', 17: 'UDP' };

const root = document.getElementById('flows');
const knownAgents = (root?.dataset.agents ?? '').split(',').filter(Boolean);

let flows = [];
let selected = null;
let drawing;
let graph = null;
const charts = new Map();

async function readJson(url) {
	const response = await fetch(url, {
		credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' },
	});
	if (response.status === 404) {
		return null;
	}
	if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('json')) {
		throw new Error(`the service answered HTTP ${response.status}`);
	}
	return response.json();
}

const whole = (value) => Number(value).toLocaleString('en');
const mean = (value) => Number(value).toLocaleString('en', { maximumFractionDigits: 1 });
const timeText = (iso) => `${iso.substring(11, 19)} UTC`;
// An IPv6 address in brackets before its port (RFC 5952 section 6), as in the flow's id.
const endpoint = (ip, port) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);
const flowText = (flow) => `${endpoint(flow.srcIp, flow.srcPort)} → ${endpoint(flow.dstIp, flow.dstPort)} `
	+ `${PROTOCOLS[flow.protocol] ?? flow.protocol}`;

function cell(tag, text, className) {
	const element = document.createElement(tag);
	element.textContent = text;
	if (className) {
		element.className = className;
	}
	return element;
}

// A hop's value the switch did not give is null (all ones on the wire, INT 2.1 section 5.8).
function valueCell(value, format) {
	const element = cell('td', value === null ? 'n/a' : format(value), 'mono');
	if (value === null) {
		element.title = 'the switch did not give this value';
	}
	return element;
}

function flowRow(flow) {
	const tr = document.createElement('tr');
	tr.dataset.flow = flow.flowId;
	tr.setAttribute('aria-selected', String(flow.flowId === selected));
	const name = document.createElement('th');
	name.scope = 'row';
	const button = cell('button', flowText(flow), 'link-button');
	button.type = 'button';
	button.addEventListener('click', () => select(flow.flowId));
	name.append(button);
	tr.append(name, cell('td', whole(flow.packets), 'mono'), cell('td', whole(flow.e2eLatency), 'mono'),
		cell('td', mean(flow.e2eLatencyAvg), 'mono'), cell('td', flow.path.join(' → ') || '—', 'mono'),
		cell('td', timeText(flow.lastSeen), 'mono'), cell('td', flow.agent, 'mono'));
	return tr;
}

function showFlows() {
	document.getElementById('flow-rows').replaceChildren(...flows.map(flowRow));
	document.getElementById('flows-empty').hidden = flows.length > 0 || knownAgents.length === 0;
	document.getElementById('no-agent').hidden = flows.length > 0 || knownAgents.length > 0;
}

function hopRow(hop, bottleneck) {
	const tr = document.createElement('tr');
	tr.dataset.hop = String(hop.hop);
	tr.dataset.switch = String(hop.switchId);
	if (hop.hop === bottleneck) {
		tr.className = 'bottleneck';
		tr.dataset.bottleneck = 'true';
	}
	const index = cell('th', String(hop.hop), 'mono');
	index.scope = 'row';
	tr.append(index, cell('td', String(hop.switchId), 'mono'), valueCell(hop.latency, whole),
		valueCell(hop.latencyAvg, mean), valueCell(hop.queue, whole), valueCell(hop.queueAvg, mean),
		valueCell(hop.util, whole), valueCell(hop.utilAvg, mean));
	return tr;
}

function showHops(detail) {
	document.getElementById('flow-title').textContent = `${flowText(detail)} · ${whole(detail.packets)} packets · `
		+ `seen by ${detail.agent}`;
	document.getElementById('hop-rows').replaceChildren(...detail.hops.map((hop) => hopRow(hop, detail.bottleneckHop)));
	const worst = detail.hops.find((hop) => hop.hop === detail.bottleneckHop);
	document.getElementById('bottleneck-note').textContent = worst
		? `Bottleneck: hop ${worst.hop} (switch ${worst.switchId}), average latency ${mean(worst.latencyAvg)}.`
		: (detail.hops.length ? 'No hop gave its latency.' : 'The agent reported no hops for this flow.');
	document.getElementById('hops-body').hidden = false;
	document.getElementById('hops-empty').hidden = true;
}

async function showPath(detail) {
	const note = document.getElementById('path-note');
	const container = document.getElementById('flow-graph');
	if (drawing === undefined) {
		drawing = await readDrawing(root.dataset.graphUrl);
	}
	if (!drawing) {
		note.textContent = 'No topology is imported, so there is nothing to draw the path on.';
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
			{ selector: 'node.bottleneck', style: { 'background-color': '#cf222e', 'border-color': '#82071e' } },
		],
	});
	// INT switch ids are the P4Runtime device ids unless configured otherwise.
	const byId = new Map(drawing.switches.map((node) => [String(node.card.deviceId), node.name]));
	const names = detail.path.map((id) => byId.get(String(id)));
	graph.elements().removeClass('on-path bottleneck');
	names.filter(Boolean).forEach((name) => graph.getElementById(name).addClass('on-path'));
	for (let index = 1; index < names.length; index++) {
		graph.edges().filter((edge) => (edge.source().id() === names[index - 1] && edge.target().id() === names[index])
			|| (edge.source().id() === names[index] && edge.target().id() === names[index - 1])).addClass('on-path');
	}
	const worst = detail.hops.find((hop) => hop.hop === detail.bottleneckHop);
	const bottleneck = worst ? byId.get(String(worst.switchId)) : undefined;
	if (bottleneck) {
		graph.getElementById(bottleneck).addClass('bottleneck');
	}
	const unknown = detail.path.filter((id, index) => !names[index]);
	note.textContent = unknown.length ? `Switch ids not in the topology: ${unknown.join(', ')}.`
		: `Marked: ${names.join(' → ')}${bottleneck ? `; bottleneck ${bottleneck}` : ''}.`;
	container.dataset.path = names.filter(Boolean).join(',');
	container.dataset.bottleneck = bottleneck ?? '';
}

function barChart(container, histogram) {
	const xs = histogram.bins.map((bin, index) => index * histogram.binWidth);
	const bars = window.uPlot.paths.bars ? window.uPlot.paths.bars({ size: [0.9, 40], align: 1 }) : undefined;
	return new window.uPlot({
		width: Math.max(220, container.clientWidth || 260),
		height: 110,
		series: [{}, { label: 'count', stroke: '#1f4e8c', fill: 'rgba(31, 78, 140, 0.45)', width: 1, paths: bars,
			points: { show: false } }],
		scales: { x: { time: false } },
		axes: [{ size: 28 }, { size: 44 }],
		legend: { show: false },
		cursor: { show: false },
	}, [xs, histogram.bins], container);
}

function histogramKey(histogram) {
	return `${histogram.ifname}/${histogram.switchId}/${histogram.metric}`;
}

function histogramBox(histogram) {
	const box = document.createElement('figure');
	box.className = 'histogram';
	box.dataset.switch = String(histogram.switchId);
	box.dataset.metric = histogram.metric;
	box.dataset.ifname = histogram.ifname;
	const caption = cell('h3', `switch ${histogram.switchId} · ${METRIC_NAMES[histogram.metric] ?? histogram.metric}`);
	const chart = cell('div', '', 'histogram-chart');
	box.append(caption, chart, cell('figcaption', '', 'hint'));
	return box;
}

function showHistograms(agent, histograms) {
	document.getElementById('histograms-agent').textContent = agent ?? '—';
	document.getElementById('histograms-empty').hidden = histograms.length > 0;
	const grid = document.getElementById('histogram-grid');
	const seen = new Set();
	let previous = null;
	for (const histogram of histograms) {
		const key = histogramKey(histogram);
		seen.add(key);
		let known = charts.get(key);
		if (!known) {
			known = { box: histogramBox(histogram), ts: null, plot: null };
			charts.set(key, known);
		}
		const expected = previous ? previous.nextElementSibling : grid.firstElementChild;
		if (known.box !== expected) {
			grid.insertBefore(known.box, expected);
		}
		previous = known.box;
		if (known.ts !== histogram.ts) {
			known.ts = histogram.ts;
			known.plot?.destroy();
			known.plot = barChart(known.box.querySelector('.histogram-chart'), histogram);
			const total = histogram.bins.reduce((sum, count) => sum + count, 0);
			known.box.dataset.bins = histogram.bins.join(',');
			known.box.dataset.total = String(total);
			known.box.querySelector('figcaption').textContent = `${whole(total)} values, bins of `
				+ `${whole(histogram.binWidth)}, at ${timeText(histogram.ts)}`;
		}
	}
	for (const [key, known] of charts) {
		if (!seen.has(key)) {
			known.plot?.destroy();
			known.box.remove();
			charts.delete(key);
		}
	}
}

function histogramAgent() {
	return flows.find((flow) => flow.flowId === selected)?.agent ?? flows[0]?.agent ?? knownAgents[0] ?? null;
}

async function refreshDetail() {
	if (!selected) {
		return;
	}
	const detail = await readJson(`${root.dataset.flowUrl}?${new URLSearchParams({ id: selected })}`);
	if (!detail) {
		document.getElementById('bottleneck-note').textContent = 'No agent reports this flow any more.';
		return;
	}
	showHops(detail);
	await showPath(detail);
}

async function refreshHistograms() {
	const agent = histogramAgent();
	if (!agent) {
		showHistograms(null, []);
		return;
	}
	if (document.getElementById('histograms-agent').textContent !== agent) {
		showHistograms(agent, []);
	}
	showHistograms(agent, await readJson(`${root.dataset.histogramsUrl}?${new URLSearchParams({ agent })}`) ?? []);
}

async function refresh() {
	const error = document.getElementById('flows-error');
	try {
		flows = await readJson(root.dataset.topUrl) ?? [];
		showFlows();
		await refreshDetail();
		await refreshHistograms();
		error.hidden = true;
	}
	catch (failure) {
		error.textContent = `Could not refresh the flows: ${failure.message}. Retrying every 2 s.`;
		error.hidden = false;
	}
}

async function select(flowId) {
	selected = flowId;
	document.querySelectorAll('#flow-rows tr')
		.forEach((tr) => tr.setAttribute('aria-selected', String(tr.dataset.flow === flowId)));
	await refresh();
}

if (root) {
	await refresh();
	window.setInterval(refresh, REFRESH_MS);
}
