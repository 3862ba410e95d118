// The Topology page: the current topology drawn with Cytoscape (from the WebJar), each
// switch coloured by the state of Sonde's connection to it and kept current by the live
// feed. A list of the switches under the drawing offers the same selection to keyboards
// and screen readers, and states the state in words. The traffic each switch sends (from
// the polled port counters) is read every few seconds: a table under the list, the rate
// under each switch in the drawing, links known to be down dashed red.

import { applyCard, followSwitches, stateColour } from './live-switches.js';
import { drawTopology, readDrawing } from './topology-drawing.js';

const root = document.getElementById('topology');

const TRAFFIC_REFRESH_MS = 3000;

const cards = new Map();
const roles = new Map();
const traffic = new Map();
let cy = null;
let selected = null;

function colourOf(card) {
	return stateColour(card.stateClass) || stateColour('state-not-registered');
}

function draw(drawing) {
	if (cy) {
		cy.destroy();
	}
	cy = drawTopology(document.getElementById('topology-graph'), drawing, {
		colourOf: (node) => colourOf(node.card),
		hostColour: stateColour('host'),
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
	document.getElementById('panel-traffic').textContent = trafficText(name);
	const link = document.getElementById('panel-link');
	link.href = root.dataset.switchUrl + encodeURIComponent(name);
	link.hidden = !card.registered;
	body.hidden = false;
	document.getElementById('panel-empty').hidden = true;
}

function rateText(rate) {
	if (rate === null || rate === undefined) {
		return '—';
	}
	return rate >= 1000 ? `${(rate / 1000).toFixed(1)}k` : rate.toFixed(0);
}

function trafficText(name) {
	const known = traffic.get(name);
	if (!known || known.packetsSent === null) {
		return '—';
	}
	return `${rateText(known.packetsPerSecond)} packets/s (${known.packetsSent.toLocaleString('en')} sent)`;
}

function trafficRow(entry) {
	const row = document.createElement('tr');
	row.dataset.switch = entry.name;
	const name = document.createElement('th');
	name.scope = 'row';
	name.className = 'mono';
	name.textContent = entry.name;
	const sent = document.createElement('td');
	sent.textContent = entry.packetsSent === null ? 'not polled' : entry.packetsSent.toLocaleString('en');
	const rate = document.createElement('td');
	rate.textContent = rateText(entry.packetsPerSecond);
	row.append(name, sent, rate);
	return row;
}

function showTraffic(report) {
	traffic.clear();
	report.switches.forEach((entry) => traffic.set(entry.name, entry));
	const polled = report.polledAt !== null;
	document.getElementById('traffic-empty').hidden = polled;
	document.getElementById('traffic-table').hidden = !polled;
	document.getElementById('traffic-rows').replaceChildren(...(polled ? report.switches.map(trafficRow) : []));
	document.getElementById('links-down').textContent = report.downLinks.length === 0 ? 'Links down: none known.'
		: `Links down: ${report.downLinks.join(', ')}.`;
	cy?.nodes('[kind = "switch"]').forEach((node) => {
		const entry = traffic.get(node.id());
		node.data('label', entry && entry.packetsPerSecond !== null
			? `${node.id()}\n${rateText(entry.packetsPerSecond)}/s` : node.id());
	});
	cy?.edges().removeClass('down');
	report.downLinks.forEach((id) => cy?.getElementById(id).addClass('down'));
	if (selected) {
		document.getElementById('panel-traffic').textContent = trafficText(selected);
	}
}

async function refreshTraffic() {
	try {
		const response = await fetch(root.dataset.trafficUrl, {
			credentials: 'same-origin',
			cache: 'no-store',
			headers: { Accept: 'application/json' },
		});
		if (response.ok && response.status !== 204) {
			showTraffic(await response.json());
		}
	}
	catch {
		// The next refresh tries again; the live feed reports a lost service.
	}
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
		const drawing = await readDrawing(root.dataset.graphUrl);
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
		await refreshTraffic();
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
				update({ ...known, registered: false, state: 'NOT_REGISTERED', stateText: 'NOT REGISTERED',
					stateClass: 'state-not-registered', primary: 'no', roundTrip: '—', lastError: '' });
			}
		},
		onTopology: load,
	});
	window.setInterval(refreshTraffic, TRAFFIC_REFRESH_MS);
}
