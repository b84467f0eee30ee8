// The timeline panel: which key and span are shown, the legend with its counts, and what a mark
// hovered or clicked says. It reads GET /__mock/keys/{key}/timeline on each poll of the page.
import { replaceChildrenWith } from './children.js';
import { createTimelineChart, describePoint, legendOf } from './timeline.js';

const KEY_STORAGE = 'petstore-mock-timeline-key';
const HINT = 'Hover or click a mark to see that request.';

/** `control` is the page's call of the control API; `element` its DOM helper. */
export function createTimelinePanel({ control, element }) {
  const $ = (selector) => document.querySelector(selector);
  const picker = $('#timeline-key');
  const detail = $('#timeline-detail');
  const holder = $('#timeline-chart');
  let key = sessionStorage.getItem(KEY_STORAGE) ?? '';
  // A clicked mark stays described until another click.
  let pinned;
  let hovered;
  let listed;

  const say = (text) => {
    detail.textContent = text;
    detail.classList.toggle('pinned', pinned !== undefined);
  };
  const chart = createTimelineChart(holder, (point) => {
    hovered = point;
    if (!pinned) say(point ? describePoint(point) : HINT);
  });
  holder.addEventListener('click', () => {
    pinned = hovered;
    say(pinned ? describePoint(pinned) : HINT);
  });

  function pick(name) {
    key = name;
    sessionStorage.setItem(KEY_STORAGE, name);
    picker.value = name;
    pinned = undefined;
    chart.clear();
    $('#timeline-legend').replaceChildren();
    holder.setAttribute('aria-label', name ? `Timeline of ${name}` : 'No key chosen');
    if (name) say(HINT);
  }

  function renderLegend(timeline) {
    const items = legendOf(timeline).map((entry) => {
      const swatch = element('span', { className: `swatch ${entry.shape}` });
      if (entry.shape === 'mark' || entry.shape === 'area') swatch.style.background = entry.color;
      swatch.style.borderColor = entry.color;
      const item = element('li', {}, [
        swatch,
        entry.count === undefined ? entry.label : `${entry.label}: ${entry.count}`,
      ]);
      item.dataset.kind = entry.kind;
      if (entry.count !== undefined) item.dataset.count = String(entry.count);
      return item;
    });
    replaceChildrenWith($('#timeline-legend'), items);
    const counts = items
      .filter((item) => item.dataset.count !== undefined)
      .map((item) => item.textContent)
      .join(', ');
    holder.setAttribute('aria-label', `Timeline of ${timeline.key}: ${counts}`);
  }

  return {
    pick,
    key: () => key,
    /** Keeps the key picker in step with the keys of the scope shown, and redraws the key chosen. */
    async render(state) {
      const names = state.keys.map((entry) => entry.key);
      // Options are made anew only when the keys change, so that a picker held open stays open.
      if (names.join('\n') !== listed) {
        listed = names.join('\n');
        replaceChildrenWith(picker, [
          element('option', { value: '', textContent: 'choose a key' }),
          ...names.map((name) => element('option', { value: name, textContent: name })),
        ]);
      }
      if (key && !names.includes(key)) pick('');
      picker.value = key;
      if (!key) return;
      const minutes = $('#timeline-minutes').value;
      const timeline = await control('GET', `/keys/${encodeURIComponent(key)}/timeline?minutes=${minutes}`, undefined, {
        poll: true,
      });
      if (timeline.key !== key) return; // another key was picked while this one was read
      renderLegend(timeline);
      chart.update(timeline);
      if (pinned) pinned = timeline.points.find((point) => point.index === pinned.index);
    },
    wire(refresh) {
      picker.addEventListener('change', () => {
        pick(picker.value);
        refresh();
      });
      $('#timeline-minutes').addEventListener('change', () => refresh());
    },
  };
}
