// The Topology page: the current topology drawn with Cytoscape (from the WebJar), each
// switch coloured by the state of Sonde's connection to it and kept current by the live
// feed. A list of the switches under the drawing offers the same selection to keyboards
// and screen readers, and states the state in words.

import { applyCard, followSwitches, stateColour } from './live-switches.js';
import { drawTopology, readDrawing } from './topology-drawing.js';

const root = document.getElementById('topology');

const cards = new Map();
const roles = new Map();
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
