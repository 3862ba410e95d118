// Time-series charts with uPlot (from the WebJar), shared by the Events and Metrics pages.
// Points are [{at, value}] or the metrics module's [{time, mean, ...}] (ISO instants), or
// parallel arrays; marks are vertical lines at
// moments worth seeing (a threshold change), each labelled.

const LINE = '#1f4e8c';
const MARK = '#bc4c00';

function widthOf(container) {
	return Math.max(240, container.clientWidth || 480);
}

// A line chart of points in container; returns the uPlot instance (destroy() to remove).
// from, to: the queried range (ISO instants), so a sparse series keeps its time axis.
export function drawSeries(container, points, { label, marks = [], height = 200, from = null, to = null }) {
	const xs = points.map((point) => Date.parse(point.at ?? point.time) / 1000);
	const ys = points.map((point) => point.value ?? point.mean);
	const range = (from && to) ? [Date.parse(from) / 1000, Date.parse(to) / 1000] : null;
	return drawArrays(container, xs, ys, { label, marks, height, range });
}

export function drawArrays(container, xs, ys, { label, marks = [], height = 200, range = null }) {
	container.replaceChildren();
	container.dataset.points = String(xs.length);
	container.dataset.marks = String(marks.length);
	const options = {
		width: widthOf(container),
		height,
		series: [{}, { label, stroke: LINE, width: 2, points: { show: xs.length < 60 } }],
		axes: [{}, { size: 60 }],
		legend: { show: false },
		scales: range ? { x: { time: true, range: () => range } } : {},
		// Times in UTC, as every page of the dashboard shows them.
		tzDate: (seconds) => window.uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
		hooks: {
			draw: [(plot) => marks.forEach((mark) => drawMark(plot, mark))],
		},
	};
	return new window.uPlot(options, [xs, ys], container);
}

function drawMark(plot, mark) {
	const x = plot.valToPos(mark.second, 'x', true);
	if (!Number.isFinite(x)) {
		return;
	}
	const { ctx } = plot;
	const { top, height } = plot.bbox;
	ctx.save();
	ctx.strokeStyle = MARK;
	ctx.fillStyle = MARK;
	ctx.lineWidth = 2 * devicePixelRatio;
	ctx.setLineDash([6, 4]);
	ctx.beginPath();
	ctx.moveTo(x, top);
	ctx.lineTo(x, top + height);
	ctx.stroke();
	ctx.font = `${12 * devicePixelRatio}px sans-serif`;
	// Left of the line when the label would run past the plot's right edge.
	const width = ctx.measureText(mark.label).width;
	const gap = 4 * devicePixelRatio;
	const fits = x + gap + width <= plot.bbox.left + plot.bbox.width;
	ctx.fillText(mark.label, fits ? x + gap : x - gap - width, top + 14 * devicePixelRatio);
	ctx.restore();
}
