// Probe paths drawn over the topology (the Probes page): each path as arrows from switch to
// switch in its own colour and line style, switches in walking order. Colours are Okabe and
// Ito's palette, which people with any common colour-vision deficiency tell apart (its
// yellow left out: too light on white; its vermillion left out: red means unavailable on
// this page); past six paths the colours repeat dashed, then dotted, and every line has a
// dark outline so the light ones keep their contrast with the white background.

import { drawTopology } from './topology-drawing.js';

const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#000000'];
const LINE_STYLES = ['solid', 'dashed', 'dotted'];
const SWITCH = '#57606a';
const OUTLINE = '#1f2328';

// How path `index` (0-based) is drawn.
export function pathStyle(index) {
	return {
		colour: COLOURS[index % COLOURS.length],
		lineStyle: LINE_STYLES[Math.floor(index / COLOURS.length) % LINE_STYLES.length],
	};
}

const PATH_STYLE = [
	{
		selector: 'edge.probe-path',
		style: {
			'curve-style': 'bezier', 'control-point-step-size': 14, width: 4, 'line-color': 'data(colour)',
			'line-style': 'data(lineStyle)', 'line-outline-width': 1, 'line-outline-color': OUTLINE,
			'target-arrow-shape': 'triangle', 'target-arrow-color': 'data(colour)', 'arrow-scale': 0.9,
		},
	},
	{ selector: 'edge.probe-path.faded', style: { opacity: 0.25 } },
	// Components the recovery loop judged: a label says which, so colour is not the only sign.
	{
		selector: 'edge.unavailable',
		style: {
			width: 6, 'line-color': '#cf222e', 'line-style': 'dashed', label: 'unavailable', 'font-size': 13,
			color: '#82071e', 'text-background-color': '#ffffff', 'text-background-opacity': 1, 'z-index': 20,
		},
	},
	{
		selector: 'edge.congested',
		style: {
			width: 6, 'line-color': '#9a6700', 'line-style': 'dotted', label: 'congested', 'font-size': 13,
			color: '#6d4a00', 'text-background-color': '#ffffff', 'text-background-opacity': 1, 'z-index': 20,
		},
	},
	{
		selector: 'edge.avoided',
		style: {
			width: 3, 'line-color': '#57606a', 'line-style': 'dashed', 'line-dash-pattern': [2, 6], label: 'avoided',
			'font-size': 12, color: '#57606a', 'text-background-color': '#ffffff', 'text-background-opacity': 1,
		},
	},
	{ selector: 'node.avoided', style: { opacity: 0.4 } },
	{ selector: 'node.unavailable', style: { 'border-width': 5, 'border-color': '#cf222e', 'border-style': 'dashed' } },
	{ selector: 'node.congested', style: { 'border-width': 5, 'border-color': '#9a6700', 'border-style': 'dotted' } },
	{
		selector: 'node.probe',
		style: {
			shape: 'diamond', width: 18, height: 18, 'background-color': 'data(colour)', 'border-width': 2,
			'border-color': OUTLINE, label: 'data(label)', 'font-size': 12, 'text-valign': 'top', 'text-margin-y': -3,
			'z-index': 30, 'text-background-color': '#ffffff', 'text-background-opacity': 0.85,
		},
	},
];

// The topology's switches and links, without hosts (probes only walk between switches).
export function drawSwitches(container, drawing) {
	const cy = drawTopology(container, drawing, {
		colourOf: () => SWITCH,
		hostColour: SWITCH,
		extraStyle: PATH_STYLE,
	});
	cy.remove('node[kind = "host"]');
	cy.fit(undefined, 24);
	return cy;
}

// Replaces the paths drawn on cy by `paths` (lists of switch names in walking order).
export function showPaths(cy, paths, prefix) {
	cy.remove('edge.probe-path');
	const edges = [];
	paths.forEach((path, index) => {
		const { colour, lineStyle } = pathStyle(index);
		for (let hop = 1; hop < path.length; hop += 1) {
			edges.push({
				group: 'edges',
				classes: 'probe-path',
				data: {
					id: `${prefix}-${index}-${hop}`, source: path[hop - 1], target: path[hop], colour, lineStyle,
					path: index,
				},
			});
		}
	});
	const drawn = cy.add(edges.filter((edge) => cy.getElementById(edge.data.source).nonempty()
		&& cy.getElementById(edge.data.target).nonempty()));
	// What is drawn, for tests and for people reading the markup (the canvas says nothing).
	cy.container().dataset.paths = String(paths.length);
	cy.container().dataset.pathHops = String(drawn.length);
}

// The legend of `paths`: one entry per path with its colour, its line style and its switches.
export function legendEntries(paths, noun) {
	return paths.map((path, index) => {
		const { colour, lineStyle } = pathStyle(index);
		const item = document.createElement('li');
		item.dataset.path = String(index);
		const swatch = document.createElement('span');
		swatch.className = `path-swatch path-line-${lineStyle}`;
		swatch.dataset.colour = colour;
		const text = document.createElement('span');
		text.textContent = `${noun} ${index + 1} (${path.length} switches): ${path.join(' → ')}`;
		item.append(swatch, text);
		return item;
	});
}

// Swatch colours come from data attributes: the Content-Security-Policy refuses inline
// styles in the markup, but a script may set a property through the CSSOM.
export function paintSwatches(list) {
	list.querySelectorAll('.path-swatch').forEach((swatch) => {
		swatch.style.setProperty('--path-colour', swatch.dataset.colour);
	});
}
