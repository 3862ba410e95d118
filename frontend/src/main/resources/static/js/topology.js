// The Topology page: the current topology drawn with Cytoscape (from the WebJar), each
// switch coloured by the state of Sonde's connection to it and kept current by the live
// feed. A list of the switches under the drawing offers the same selection to keyboards
// and screen readers, and states the state in words.

import { applyCard, followSwitches, stateColour } from './live-switches.js';

const root = document.getElementById('topology');

// Rows of a layered drawing, top to bottom; hosts go below the lowest switches.
const TIERS = { core: 0, spine: 0, aggregation: 1, leaf: 1, switch: 1, edge: 2, tor: 2 };
const HOST_TIER = 3;
const COLUMN = 64;
const ROW = 150;

const cards = new Map();
const roles = new Map();
let cy = null;
let selected = null;

async function readDrawing() {
	const response = await fetch(root.dataset.graphUrl, {
		credentials: 'same-origin',
		cache: 'no-store',
		headers: { Accept: 'application/json' },
	});
	if (response.status === 204) {
		return null;
	}
	const type = response.headers.get('Content-Type') ?? '';
	if (!response.ok || !type.includes('json')) {
		throw new Error(`the service answered HTTP ${response.status}`);
	}
	return response.json();
}

// Layered when the roles say where switches sit (FatTree, leaf-spine); otherwise Cytoscape
// spreads the graph itself.
function layered(drawing) {
	return drawing.switches.some((node) => node.role !== 'switch');
}

function positions(drawing) {
	const rows = new Map();
	const place = (name, tier) => {
		if (!rows.has(tier)) {
			rows.set(tier, []);
		}
		rows.get(tier).push(name);
	};
	drawing.switches.forEach((node) => place(node.name, TIERS[node.role] ?? 1));
	const switchOrder = new Map(drawing.switches.map((node, index) => [node.name, index]));
	const hostSwitch = new Map();
	for (const link of drawing.links) {
		if (switchOrder.has(link.a)) {
			hostSwitch.set(link.b, switchOrder.get(link.a));
		}
		if (switchOrder.has(link.b)) {
			hostSwitch.set(link.a, switchOrder.get(link.b));
		}
	}
	[...drawing.hosts]
		.sort((first, second) => (hostSwitch.get(first.name) ?? 0) - (hostSwitch.get(second.name) ?? 0))
		.forEach((host) => place(host.name, HOST_TIER));
	const widest = Math.max(...[...rows.values()].map((names) => names.length));
	const placed = new Map();
	for (const [tier, names] of rows) {
		const step = (widest * COLUMN) / names.length;
		names.forEach((name, index) => placed.set(name, { x: (index + 0.5) * step, y: tier * ROW }));
	}
	return placed;
}

function colourOf(card) {
	return stateColour(card.stateClass) || stateColour('state-not-registered');
}

function elements(drawing) {
	const nodes = [
		...drawing.switches.map((node) => ({
			group: 'nodes',
			data: { id: node.name, label: node.name, kind: 'switch', colour: colourOf(node.card) },
		})),
		...drawing.hosts.map((host) => ({
			group: 'nodes',
			data: { id: host.name, label: '', kind: 'host', colour: stateColour('host') },
		})),
	];
	const edges = drawing.links.map((link) => ({
		group: 'edges',
		data: { id: `${link.a}:${link.aPort}-${link.b}:${link.bPort}`, source: link.a, target: link.b },
	}));
	return [...nodes, ...edges];
}

function draw(drawing) {
	const placed = layered(drawing) ? positions(drawing) : null;
	if (cy) {
		cy.destroy();
	}
	cy = window.cytoscape({
		container: document.getElementById('topology-graph'),
		elements: elements(drawing),
		layout: placed ? { name: 'preset', positions: (node) => placed.get(node.id()), fit: true, padding: 24 }
			: { name: 'cose', animate: false, fit: true, padding: 24 },
		style: [
			{
				selector: 'node[kind = "switch"]',
				style: {
					'background-color': 'data(colour)', label: 'data(label)', width: 30, height: 30,
					'font-size': 15, 'text-valign': 'bottom', 'text-margin-y': 5, color: '#1f2328',
					'min-zoomed-font-size': 6,
				},
			},
			{
				selector: 'node[kind = "host"]',
				style: { 'background-color': 'data(colour)', shape: 'round-rectangle', width: 12, height: 12 },
			},
			{ selector: 'edge', style: { width: 1.5, 'line-color': '#d0d7de' } },
			{ selector: 'node.selected', style: { 'border-width': 4, 'border-color': '#1f4e8c' } },
		],
		userZoomingEnabled: true,
		boxSelectionEnabled: false,
		autoungrabify: true,
	});
	cy.on('tap', 'node[kind = "switch"]', (event) => select(event.target.id()));
}

function pickerEntry(node) {
	const item = document.createElement('li');
	const button = document.createElement('button');
	button.type = 'button';
	button.dataset.switch = node.name;
	button.setAttribute('aria-pressed', 'false');
	const swatch = document.createElement('span');
	const name = document.createElement('span');
	name.textContent = node.name;
	button.append(swatch, name);
	button.addEventListener('click', () => select(node.name));
	item.append(button);
	return item;
}

function pickerButton(name) {
	return document.querySelector(`#switch-picker button[data-switch="${CSS.escape(name)}"]`);
}

function showInPicker(card) {
	const button = pickerButton(card.name);
	if (!button) {
		return;
	}
	button.dataset.state = card.state;
	button.setAttribute('aria-label', `${card.name}, ${card.stateText.toLowerCase()}`);
	button.firstElementChild.className = `swatch ${card.stateClass}`;
}

function showPanel(name) {
	const card = cards.get(name);
	const body = document.getElementById('panel-body');
	applyCard(body, { ...card, role: roles.get(name) ?? '' });
	const link = document.getElementById('panel-link');
	link.href = root.dataset.switchUrl + encodeURIComponent(name);
	link.hidden = card.state === 'NOT_REGISTERED';
	body.hidden = false;
	document.getElementById('panel-empty').hidden = true;
}

function select(name) {
	selected = name;
	cy?.nodes().removeClass('selected');
	cy?.getElementById(name).addClass('selected');
	document.querySelectorAll('#switch-picker button')
		.forEach((button) => button.setAttribute('aria-pressed', String(button.dataset.switch === name)));
	showPanel(name);
}

function update(card) {
	if (!roles.has(card.name)) {
		return; // registered, but not part of this topology
	}
	cards.set(card.name, card);
	cy?.getElementById(card.name).data('colour', colourOf(card));
	showInPicker(card);
	if (selected === card.name) {
		showPanel(card.name);
	}
}

async function load() {
	const error = document.getElementById('graph-error');
	try {
		const drawing = await readDrawing();
		if (drawing === null) {
			window.location.reload(); // the topology went away: the page shows how to import one
			return;
		}
		roles.clear();
		drawing.switches.forEach((node) => roles.set(node.name, node.role));
		document.getElementById('switch-picker').replaceChildren(...drawing.switches.map(pickerEntry));
		draw(drawing);
		drawing.switches.forEach((node) => update(node.card));
		if (selected && roles.has(selected)) {
			select(selected);
		}
		error.hidden = true;
	}
	catch (failure) {
		error.textContent = `Could not load the topology: ${failure.message}. Reload the page to try again.`;
		error.hidden = false;
	}
}

const waiting = document.getElementById('topology-empty');

if (waiting) {
	// No topology yet: show the one imported next as soon as it arrives.
	followSwitches(waiting.dataset.liveUrl, { onCard() {}, onTopology: () => window.location.reload() });
}
else if (root) {
	await load();
	followSwitches(root.dataset.liveUrl, {
		status: document.getElementById('live-status'),
		onCard: update,
		onRemoved(name) {
			const known = cards.get(name);
			if (known) {
				update({ ...known, state: 'NOT_REGISTERED', stateText: 'NOT REGISTERED',
					stateClass: 'state-not-registered', primary: 'no', roundTrip: '—', lastError: '' });
			}
		},
		onTopology: load,
	});
}
