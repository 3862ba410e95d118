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
export function drawSeries(container, points, { label, marks = [], height = 200 }) {
	const xs = points.map((point) => Date.parse(point.at ?? point.time) / 1000);
	const ys = points.map((point) => point.value ?? point.mean);
	return drawArrays(container, xs, ys, { label, marks, height });
}

export function drawArrays(container, xs, ys, { label, marks = [], height = 200 }) {
	container.replaceChildren();
	container.dataset.points = String(xs.length);
	container.dataset.marks = String(marks.length);
	const options = {
		width: widthOf(container),
		height,
		series: [{}, { label, stroke: LINE, width: 2, points: { show: xs.length < 60 } }],
		axes: [{}, { size: 60 }],
		legend: { show: false },
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
	ctx.fillText(mark.label, x + 4 * devicePixelRatio, top + 14 * devicePixelRatio);
	ctx.restore();
}
