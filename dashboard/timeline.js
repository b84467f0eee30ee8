// The timeline of one key, drawn with uPlot from the points of GET /__mock/keys/{key}/timeline:
// a mark per request at its time, as high as its number in its minute window, by outcome; the
// waits the client was told and the bans shaded; the per-minute limit as a line.
import uPlot from './vendor/uplot.js';

export const OUTCOMES = [
  { kind: 'answered', label: 'answered', color: '#2e7d32' },
  { kind: 'rate-limited', label: '429 from the limit', color: '#d97706' },
  { kind: 'storm', label: '429 from a storm', color: '#7c3aed' },
  { kind: 'banned', label: '403 while banned', color: '#b42318' },
  { kind: 'fault', label: 'fault (reset, cut, stall, 503)', color: '#0e7490' },
  { kind: 'error', label: 'other error', color: '#475569' },
];
export const TOO_EARLY_LABEL = 'too early (inside a wait)';
const TOO_EARLY_COLOR = '#b42318';
const WAIT_LABEL = 'told to wait (Retry-After)';
const WAIT_COLOR = 'rgba(217, 119, 6, 0.16)';
const BAN_LABEL = 'ban';
const BAN_COLOR = 'rgba(180, 35, 24, 0.18)';
const LIMIT_COLOR = '#1d2433';

/** The legend's entries: each kind of mark with its count, then what is shaded or drawn. */
export function legendOf(timeline) {
  return [
    ...OUTCOMES.map(({ kind, label, color }) => ({ kind, label, color, shape: 'mark', count: timeline.counts[kind] })),
    {
      kind: 'too-early',
      label: TOO_EARLY_LABEL,
      color: TOO_EARLY_COLOR,
      shape: 'ring',
      count: timeline.counts.tooEarly,
    },
    { kind: 'wait', label: WAIT_LABEL, color: WAIT_COLOR, shape: 'area', count: timeline.waits.length },
    { kind: 'ban', label: BAN_LABEL, color: BAN_COLOR, shape: 'area', count: timeline.bans.length },
    {
      kind: 'limit',
      label: `per-minute limit: ${timeline.perMinute}${limitOnScale(timeline) ? '' : ' (above the chart)'}`,
      color: LIMIT_COLOR,
      shape: 'line',
    },
  ];
}

/** The most requests any minute of the timeline holds. */
const highestCount = (timeline) => timeline.points.reduce((highest, point) => Math.max(highest, point.minuteCount), 1);

/** A limit far above the requests would squash every mark onto the floor: then it is left off the scale. */
export function limitOnScale(timeline) {
  return timeline.perMinute <= 3 * highestCount(timeline);
}

/** The top of the vertical scale: the limit where it is on the scale, else the requests alone. */
function scaleTop(timeline) {
  const highest = limitOnScale(timeline)
    ? Math.max(timeline.perMinute, highestCount(timeline))
    : highestCount(timeline);
  return highest + Math.max(1, Math.ceil(highest * 0.1));
}
const HEIGHT = 280;
// A mark within this many pixels of the pointer is the one it means.
const HOVER_RADIUS_PX = 12;

const seconds = (iso) => Date.parse(iso) / 1000;
const clock = (iso) => `${iso.slice(11, 19)} UTC`;
const inside = (x, spans) => spans.some((span) => x >= seconds(span.from) && x < seconds(span.until));

/** The chart's rows: one per point (requests at the same instant keep a row each), plus the spans' edges. */
function rowsOf(timeline) {
  const toSeconds = seconds(timeline.to);
  const rows = timeline.points.map((point) => ({ x: seconds(point.at), point }));
  for (const span of [...timeline.waits, ...timeline.bans])
    for (const edge of [span.from, span.until]) rows.push({ x: Math.min(seconds(edge), toSeconds) });
  rows.push({ x: toSeconds });
  return rows.sort((a, b) => a.x - b.x || Number(Boolean(a.point)) - Number(Boolean(b.point)));
}

/** The span drawn: from a little before the first thing shown (within the timeline's own span) to now. */
function xRange(timeline, rows) {
  const from = seconds(timeline.from);
  const to = seconds(timeline.to);
  const first = rows.find((row) => row.x >= from)?.x ?? from;
  const start = Math.max(from, first - Math.max(5, (to - first) * 0.05));
  return [start, Math.max(to, start + 10)];
}

function dataOf(timeline, rows, top) {
  const xs = rows.map((row) => row.x);
  const shade = (spans) => rows.map((row) => (inside(row.x, spans) ? top : 0));
  const marks = (keep) => rows.map((row) => (row.point && keep(row.point) ? row.point.minuteCount : null));
  return [
    xs,
    shade(timeline.waits),
    shade(timeline.bans),
    rows.map(() => (limitOnScale(timeline) ? timeline.perMinute : null)),
    ...OUTCOMES.map(({ kind }) => marks((point) => point.outcome === kind)),
    marks((point) => point.tooEarly),
  ];
}

const shading = (label, color) => ({
  label,
  stroke: 'transparent',
  fill: color,
  paths: uPlot.paths.stepped({ align: 1 }),
  points: { show: false },
});

const marks = (label, color) => ({
  label,
  stroke: color,
  fill: color,
  paths: () => null,
  points: { show: true, space: 0, size: 9, width: 1, stroke: color, fill: color },
});

function options(width, view) {
  return {
    width,
    height: HEIGHT,
    // Times are the mock's clock, which the rest of the page shows in UTC.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    // The page's own legend (#timeline-legend) carries the counts.
    legend: { show: false },
    scales: {
      x: { time: true, range: () => view.xRange },
      y: { range: () => [0, view.top] },
    },
    axes: [
      {
        // Whole seconds at least: a span of a few seconds never repeats a label.
        incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 21_600, 43_200, 86_400],
        values: (_chart, splits) => splits.map((split) => new Date(split * 1000).toISOString().slice(11, 19)),
      },
      { label: 'n-th request of its minute', size: 50 },
    ],
    series: [
      {},
      shading(WAIT_LABEL, WAIT_COLOR),
      shading(BAN_LABEL, BAN_COLOR),
      { label: 'per-minute limit', stroke: LIMIT_COLOR, width: 1.5, dash: [6, 4], points: { show: false } },
      ...OUTCOMES.map(({ label, color }) => marks(label, color)),
      {
        label: TOO_EARLY_LABEL,
        stroke: TOO_EARLY_COLOR,
        paths: () => null,
        points: { show: true, space: 0, size: 17, width: 2, stroke: TOO_EARLY_COLOR, fill: 'transparent' },
      },
    ],
    hooks: {
      setCursor: [(chart) => view.onHover(nearestPoint(chart, view.rows))],
    },
  };
}

function nearestPoint(chart, rows) {
  const { left, top } = chart.cursor;
  if (left === undefined || left < 0) return undefined;
  let nearest;
  let nearestDistance = HOVER_RADIUS_PX ** 2;
  for (const row of rows) {
    if (!row.point) continue;
    const dx = chart.valToPos(row.x, 'x') - left;
    const dy = chart.valToPos(row.point.minuteCount, 'y') - top;
    if (dx * dx + dy * dy <= nearestDistance) {
      nearest = row.point;
      nearestDistance = dx * dx + dy * dy;
    }
  }
  return nearest;
}

/** What a person reads about one mark: the request, its answer and what it was told. */
/** What a fault did to an answer, as the record's `fault` names it. */
const BROKEN = {
  reset: 'its connection reset before the answer',
  cut: 'its answer cut short of its Content-Length',
  stall: 'its answer stalled after the head',
};

export function describePoint(point) {
  const operation = point.operationId ?? point.path;
  const broken = BROKEN[point.fault];
  const answer = `${point.status}${point.code ? ` ${point.code}` : ''}${broken ? ` (a fault: ${broken})` : ''}`;
  const told = point.waitUntil
    ? `; told to wait ${point.retryAfterSeconds} s (Retry-After), until ${clock(point.waitUntil)}`
    : '';
  const early = point.tooEarly ? "; too early: sent before the previous answer's Retry-After had passed" : '';
  return `Request ${point.index}: ${operation} (${point.method} ${point.path}) at ${clock(point.at)}, answered ${answer}${told}${early}.`;
}

/**
 * Draws into `holder` and redraws on each update. The uPlot instance and the timeline drawn are
 * kept on the holder, so that the page's tests read exactly what is on screen.
 */
export function createTimelineChart(holder, onHover) {
  let chart;
  const view = { rows: [], xRange: [0, 1], top: 1, onHover };
  return {
    update(timeline) {
      view.rows = rowsOf(timeline);
      view.xRange = xRange(timeline, view.rows);
      view.top = scaleTop(timeline);
      const data = dataOf(timeline, view.rows, view.top);
      if (chart) chart.setData(data);
      else chart = new uPlot(options(holder.clientWidth || 900, view), data, holder);
      holder.chart = chart;
      holder.timeline = timeline;
    },
    clear() {
      chart?.destroy();
      chart = undefined;
      holder.chart = undefined;
      holder.timeline = undefined;
    },
  };
}
