// The topology drawn with Cytoscape (from the WebJar), shared by the Topology page and the
// Events page (which marks a flow's path on it): the drawing as /topology/graph gives it,
// switches in layered rows when their roles say where they sit.

// Rows of a layered drawing, top to bottom; hosts go below the lowest switches.
const TIERS = { core: 0, spine: 0, aggregation: 1, leaf: 1, switch: 1, edge: 2, tor: 2 };
const HOST_TIER = 3;
const COLUMN = 64;
const ROW = 150;

export async function readDrawing(url) {
	const response = await fetch(url, {
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

function elements(drawing, colourOf, hostColour) {
	const nodes = [
		...drawing.switches.map((node) => ({
			group: 'nodes',
			data: { id: node.name, label: node.name, kind: 'switch', colour: colourOf(node) },
		})),
		...drawing.hosts.map((host) => ({
			group: 'nodes',
			data: { id: host.name, label: '', kind: 'host', colour: hostColour },
		})),
	];
	const edges = drawing.links.map((link) => ({
		group: 'edges',
		data: { id: `${link.a}:${link.aPort}-${link.b}:${link.bPort}`, source: link.a, target: link.b },
	}));
	return [...nodes, ...edges];
}

// A Cytoscape instance in container; colourOf(switch node) gives a switch's colour.
export function drawTopology(container, drawing, { colourOf, hostColour, extraStyle = [] }) {
	const placed = layered(drawing) ? positions(drawing) : null;
	return window.cytoscape({
		container,
		elements: elements(drawing, colourOf, hostColour),
		layout: placed ? { name: 'preset', positions: (node) => placed.get(node.id()), fit: true, padding: 24 }
			: { name: 'cose', animate: false, fit: true, padding: 24 },
		style: [
			{
				selector: 'node[kind = "switch"]',
				style: {
					'background-color': 'data(colour)', label: 'data(label)', width: 30, height: 30,
					'font-size': 15, 'text-valign': 'bottom', 'text-margin-y': 5, color: '#1f2328',
					'min-zoomed-font-size': 6, 'text-wrap': 'wrap',
				},
			},
			{
				selector: 'node[kind = "host"]',
				style: { 'background-color': 'data(colour)', shape: 'round-rectangle', width: 12, height: 12 },
			},
			{ selector: 'edge', style: { width: 1.5, 'line-color': '#d0d7de' } },
			{ selector: 'edge.down', style: { width: 2.5, 'line-color': '#cf222e', 'line-style': 'dashed' } },
			{ selector: 'node.selected', style: { 'border-width': 4, 'border-color': '#1f4e8c' } },
			...extraStyle,
		],
		userZoomingEnabled: true,
		boxSelectionEnabled: false,
		autoungrabify: true,
	});
}

