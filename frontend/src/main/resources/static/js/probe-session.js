// The Probes page's live session: the session's paths on the topology, each path's probe
// as a diamond moving hop by hop, recovery notifications and the components the recovery
// loop marked unavailable or congested, from /probes/live (server-sent events). The
// monitoring module cannot see a probe between switches: it knows it was sent, that its
// first switch acknowledged it, and, when it comes back, how far it got; a probe that
// comes back is walked over the hops it reports one after the other.

import { timeText } from './live-switches.js';
import { pathStyle, showPaths } from './probe-paths.js';

const HOP_MS = 220;
const MAX_LOG = 80;
const ABOVE = 22;
const ON_ITS_WAY = 58;

const state = document.getElementById('session-state');
const rows = document.getElementById('session-path-rows');
const marksList = document.getElementById('session-marks');
const replanNote = document.getElementById('session-replan');
const log = document.getElementById('probe-log');

let cy = null;
let session = null;
// Per path: its probe's moves, chained so hops are drawn in order.
let moves = [];
// Per path: the farthest position its current send is known to have reached. Packets come
// back from different switches, so a first switch's feedback may arrive after the probe's
// completion: it must not move the probe back.
let farthest = [];

export function planLabel(settings) {
	if (settings.algorithm === 'euler') {
		return 'Euler';
	}
	if (settings.k != null) {
		return `GPINT (k = ${settings.k})`;
	}
	return `GPINT-${settings.c ?? 3}`;
}

const when = (iso) => timeText(new Date(iso));

function entry(text, kind) {
	const item = document.createElement('li');
	item.dataset.kind = kind;
	const time = document.createElement('time');
	time.textContent = timeText(new Date());
	item.append(time, ` ${text}`);
	log.prepend(item);
	while (log.children.length > MAX_LOG) {
		log.lastElementChild.remove();
	}
}

function pathOf(index) {
	return session?.paths[index]?.switches ?? [];
}

function row(index) {
	return rows.querySelector(`tr[data-path="${index}"]`);
}

function setCell(index, field, text) {
	const cell = row(index)?.querySelector(`[data-field="${field}"]`);
	if (cell) {
		cell.textContent = text;
	}
}

function pathRow(path) {
	const { colour, lineStyle } = pathStyle(path.index);
	const tr = document.createElement('tr');
	tr.dataset.path = String(path.index);
	const name = document.createElement('th');
	name.scope = 'row';
	const swatch = document.createElement('span');
	swatch.className = `path-swatch path-line-${lineStyle}`;
	swatch.style.setProperty('--path-colour', colour);
	name.append(swatch, ` ${path.index + 1}`);
	name.title = path.switches.join(' → ');
	const cell = (field, text) => {
		const td = document.createElement('td');
		td.dataset.field = field;
		td.textContent = text;
		return td;
	};
	tr.append(name, cell('at', 'not sent yet'), cell('sends', String(path.sends)), cell('state', path.outcome));
	return tr;
}

function switchPosition(name, lift) {
	const node = cy.getElementById(name);
	if (node.empty()) {
		return null;
	}
	const { x, y } = node.position();
	return { x, y: y - lift };
}

function marker(index) {
	const id = `probe-${index}`;
	let node = cy.getElementById(id);
	if (node.empty()) {
		const { colour } = pathStyle(index);
		node = cy.add({ group: 'nodes', classes: 'probe', data: { id, kind: 'probe', colour, label: `P${index + 1}` } });
	}
	return node;
}

const pause = (ms) => new Promise((resolve) => {
	window.setTimeout(resolve, ms);
});

// Queues a move of path index's probe to its hop (position on the path). The queue waits
// on a timer, not on the animation: a drawing that does not animate (a hidden tab) must
// not stall the table beside it.
function moveTo(index, hop, lift = ABOVE) {
	const path = pathOf(index);
	const position = switchPosition(path[hop], lift);
	if (!position) {
		return;
	}
	const owner = session.id;
	moves[index] = (moves[index] ?? Promise.resolve()).then(async () => {
		if (session?.id !== owner || !cy) {
			return; // a newer session replaced this one's drawing and table
		}
		const node = marker(index);
		if (node.data('placed')) {
			node.stop(true, true);
			node.animate({ position }, { duration: HOP_MS });
			await pause(HOP_MS);
		}
		else {
			node.position(position);
			node.data('placed', true);
		}
		setCell(index, 'at', lift === ABOVE ? `${path[hop]} (hop ${hop + 1} of ${path.length})`
			: `on its way to ${path[hop]}`);
	});
}

function walk(index, from, to) {
	for (let hop = from; hop <= to; hop += 1) {
		moveTo(index, hop);
	}
}

function baseEdges(a, b) {
	return cy.edges(':not(.probe-path)').filter((edge) => (edge.source().id() === a && edge.target().id() === b)
		|| (edge.source().id() === b && edge.target().id() === a));
}

function highlight(kind, component, status) {
	if (!cy) {
		return;
	}
	const elements = kind === 'link' ? baseEdges(...component.split('--')) : cy.getElementById(component);
	elements.removeClass('unavailable congested avoided').addClass(status);
}

function showMarks(components) {
	if (cy) {
		// What is highlighted, for tests and for people reading the markup (the canvas says nothing).
		cy.container().dataset.marked = components.map((known) => `${known.component} ${known.status}`).join('; ');
	}
	const known = components.map((mark) => {
		const item = document.createElement('li');
		item.dataset.status = mark.status;
		item.textContent = `${mark.kind} ${mark.component}: ${mark.status}`;
		return item;
	});
	if (known.length === 0) {
		const none = document.createElement('li');
		none.className = 'empty';
		none.textContent = 'None marked in this session.';
		known.push(none);
	}
	marksList.replaceChildren(...known);
}

const marks = new Map();

function mark(kind, component, status) {
	marks.set(component, { kind, component, status });
	showMarks([...marks.values()]);
	highlight(kind, component, status);
}

function showReplan(replan) {
	if (!replan) {
		replanNote.hidden = true;
		return;
	}
	replanNote.textContent = `Re-planned: ${replan.reasons.join('; ')}.`;
	replanNote.hidden = false;
	if (!cy) {
		return;
	}
	replan.avoidedLinks.forEach((link) => highlight('link', link, 'avoided'));
	replan.avoidedSwitches.forEach((name) => highlight('switch', name, 'avoided'));
}

// The current session's paths, what this plan avoided and what was marked, on the drawing.
function drawSession() {
	if (!cy || !session) {
		return;
	}
	cy.remove('node.probe');
	cy.elements('.unavailable, .congested, .avoided').removeClass('unavailable congested avoided');
	showPaths(cy, session.paths.map((path) => path.switches), 'session');
	showReplan(session.replan);
	marks.forEach((known) => highlight(known.kind, known.component, known.status));
}

// A session started (or was running when the page opened): its paths replace the last one's.
export function sessionStarted(started) {
	session = started;
	moves = [];
	farthest = [];
	marks.clear();
	(started.components ?? []).forEach((verdict) => marks.set(verdict.component, verdict));
	showMarks([...marks.values()]);
	state.textContent = `${started.id} running: ${planLabel(started.settings)}, ${started.paths.length} paths, `
		+ `started ${when(started.startedAt)} (${started.trigger}).`;
	state.dataset.status = started.status;
	rows.replaceChildren(...started.paths.map(pathRow));
	drawSession();
	entry(`${started.id} started: ${planLabel(started.settings)}, ${started.paths.length} paths`
		+ (started.replan ? ' (re-planned)' : ''), 'session');
}

const STEP_TEXT = {
	SENT: (probe, path) => `${probe.recovery ? 'recovery probe' : 'probe'} sent to ${path[probe.fromHop]}`
		+ (probe.attempt > 1 ? ` (attempt ${probe.attempt})` : ''),
	NOT_SENT: (probe, path) => `${path[probe.fromHop]} did not take the probe (attempt ${probe.attempt})`,
	FEEDBACK: (probe, path) => `${path[probe.fromHop]} acknowledged the probe`,
	COMPLETED: (probe, path) => `probe back complete from ${path[probe.reached]}, `
		+ `${probe.reached - probe.fromHop + 1} hops`,
	RECOVERY_NOTIFICATION: (probe, path) => `recovery notification from ${path[probe.reached]}: `
		+ `no feedback from ${path[probe.reached + 1] ?? 'its next hop'} in time`,
};

const STATE_TEXT = {
	SENT: 'probe sent', NOT_SENT: 'not taken', FEEDBACK: 'acknowledged', COMPLETED: 'back complete',
	RECOVERY_NOTIFICATION: 'recovery notification',
};

export function probeProgressed(probe) {
	if (!session || probe.sessionId !== session.id) {
		return;
	}
	const path = pathOf(probe.path);
	entry(`${session.id} path ${probe.path + 1}: ${STEP_TEXT[probe.step](probe, path)}`, probe.step.toLowerCase());
	setCell(probe.path, 'state', STATE_TEXT[probe.step]);
	const known = farthest[probe.path] ?? -1;
	if (probe.step === 'SENT') {
		farthest[probe.path] = probe.fromHop - 1;
		const sends = row(probe.path)?.querySelector('[data-field="sends"]');
		if (sends) {
			sends.textContent = String(Number(sends.textContent) + 1);
		}
		moveTo(probe.path, probe.fromHop, ON_ITS_WAY);
	}
	else if (probe.step === 'FEEDBACK' && known < probe.fromHop) {
		farthest[probe.path] = probe.fromHop;
		moveTo(probe.path, probe.fromHop);
	}
	else if ((probe.step === 'COMPLETED' || probe.step === 'RECOVERY_NOTIFICATION') && known < probe.reached) {
		farthest[probe.path] = probe.reached;
		walk(probe.path, Math.max(probe.fromHop, known), probe.reached);
	}
}

export function componentMarked(marked) {
	if (!session || marked.sessionId !== session.id) {
		return;
	}
	entry(`${session.id}: ${marked.kind} ${marked.component} marked ${marked.status} (path ${marked.path + 1})`,
		'component');
	mark(marked.kind, marked.component, marked.status);
}

// The session ended: its figures, each path's outcome, and its final verdicts.
export function sessionCompleted(ended) {
	if (!session || ended.id !== session.id) {
		sessionStarted(ended);
	}
	session = ended;
	const latency = ended.collectionLatencyMs == null ? 'no latency' : `${ended.collectionLatencyMs} ms`;
	state.textContent = `${ended.id} ${ended.status.toLowerCase()} (${latency}): ${ended.probesSent} probes sent, `
		+ `${ended.probesLost} lost, ${ended.recoveryProbesSent} recovery probes, ${ended.notifications} recovery `
		+ `notifications` + (ended.failure ? `; ${ended.failure}` : '') + '.';
	state.dataset.status = ended.status;
	ended.paths.forEach((path) => {
		setCell(path.index, 'sends', String(path.sends));
		setCell(path.index, 'state', path.missing.length ? `${path.outcome}, missing ${path.missing.join(', ')}`
			: path.outcome);
	});
	marks.clear();
	ended.components.forEach((verdict) => mark(verdict.kind, verdict.component, verdict.status));
	if (ended.components.length === 0) {
		showMarks([]);
	}
	entry(`${ended.id} ${ended.status.toLowerCase()} (${latency})`, 'session');
}

// The drawing to draw sessions on (again after a topology import); the current session
// is drawn on it.
export function useDrawing(drawn) {
	cy = drawn;
	moves = [];
	drawSession();
}
