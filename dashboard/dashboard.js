// The dashboard: reads and steers the mock through its documented control API only, so that
// everything done here can be scripted too. It polls once a second; control requests never
// count against any key's limits, and its polls (marked X-Mock-Poll) stay out of the request log.
// Everything it shows and does is in the scope picked (X-Mock-Scope), or the default scope.

import { replaceChildrenWith } from './children.js';
import { coverageOf, formatSeconds, secondsUntil } from './coverage.js';
import { createFaultsPanel } from './faults-panel.js';
import { createOperationsPanel } from './operations-panel.js';
import { createTimelinePanel } from './timeline-panel.js';

const CONTROL = '/__mock';
const TOKEN_KEY = 'petstore-mock-control-token';
const SCOPE_KEY = 'petstore-mock-scope';
const POLL_MS = 1000;

const $ = (selector) => document.querySelector(selector);
const statusLine = $('#status');
let docsTags = new Map();
// The plans come from the contract (x-rate-limits.plans of /openapi.json), as everywhere else.
let planNames = [];

function tokenHeader() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The scope picked: '' for the default scope. Kept in the tab, as the token is. */
let scope = sessionStorage.getItem(SCOPE_KEY) ?? '';

function scopeHeader() {
  return scope ? { 'X-Mock-Scope': scope } : {};
}

function askForToken() {
  const dialog = $('#token-dialog');
  if (!dialog.open) dialog.showModal();
  return new Promise((resolve) => {
    $('#token-form').addEventListener(
      'submit',
      () => {
        sessionStorage.setItem(TOKEN_KEY, new FormData($('#token-form')).get('token'));
        resolve();
      },
      { once: true },
    );
  });
}

/** One call of the control API, in the scope picked; a 401 asks for the token once and tries again. */
async function control(method, path, body, { poll = false } = {}) {
  const send = () =>
    fetch(`${CONTROL}${path}`, {
      method,
      headers: {
        ...tokenHeader(),
        ...scopeHeader(),
        ...(poll ? { 'X-Mock-Poll': 'dashboard' } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let response = await send();
  if (response.status === 401) {
    await askForToken();
    response = await send();
  }
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(json?.message ?? `${method} ${path} answered ${response.status}`);
  return json;
}

function say(message, isError = false) {
  statusLine.textContent = message;
  statusLine.classList.toggle('error', isError);
}

/** Runs an action from a button or form, then refreshes; failures are shown, never thrown. */
async function act(description, action) {
  try {
    await action();
    say(`${description}: done.`);
  } catch (error) {
    say(`${description} failed: ${error.message}`, true);
  }
  await refresh();
}

function element(tag, properties = {}, children = []) {
  const node = Object.assign(document.createElement(tag), properties);
  for (const child of children) node.append(child);
  return node;
}

function usageCell(window, nowIso) {
  const share = window.limit === 0 ? 1 : Math.min(1, window.used / window.limit);
  const bar = element(
    'span',
    { className: `bar${share >= 1 ? ' full' : ''}`, title: `${window.used} of ${window.limit}` },
    [element('span', { style: `width: ${(share * 100).toFixed(1)}%` })],
  );
  bar.setAttribute('role', 'meter');
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', String(window.limit));
  bar.setAttribute('aria-valuenow', String(window.used));
  bar.setAttribute('aria-label', `${window.used} of ${window.limit} requests`);
  const text = `${window.used.toLocaleString()} / ${window.limit.toLocaleString()}, resets in ${formatSeconds(secondsUntil(window.resetsAt, nowIso))}`;
  return [bar, element('span', { className: 'usage', textContent: text })];
}

const planOptions = () => planNames.map((name) => element('option', { value: name, textContent: name }));

/** Key rows are kept between polls, so that a plan being chosen or seconds being typed stay put. */
const keyRows = new Map();

function keyRow(key) {
  const row = element('tr');
  row.dataset.key = key;
  const plan = element('select', { ariaLabel: `Plan of ${key}` }, planOptions());
  const seconds = element('input', {
    type: 'number',
    min: 1,
    placeholder: 'seconds',
    ariaLabel: `Ban seconds for ${key}`,
  });
  seconds.style.width = '6rem';
  const cells = {
    name: element('th', { scope: 'row', textContent: key }),
    plan: element('td', {}, [
      plan,
      element('button', {
        type: 'button',
        textContent: 'Apply',
        ariaLabel: `Apply plan to ${key}`,
        onclick: () =>
          act(`Plan of ${key}`, () => control('PUT', `/keys/${encodeURIComponent(key)}`, { plan: plan.value })),
      }),
    ]),
    minute: element('td'),
    day: element('td'),
    ban: element('td'),
    actions: element('td', {}, [
      seconds,
      element('button', {
        type: 'button',
        textContent: 'Ban',
        ariaLabel: `Ban ${key}`,
        onclick: () =>
          act(`Ban of ${key}`, () =>
            control(
              'POST',
              `/keys/${encodeURIComponent(key)}/ban`,
              seconds.value ? { seconds: Number(seconds.value) } : {},
            ),
          ),
      }),
      element('button', {
        type: 'button',
        textContent: 'Lift ban',
        ariaLabel: `Lift the ban of ${key}`,
        onclick: () => act(`Ban of ${key} lifted`, () => control('DELETE', `/keys/${encodeURIComponent(key)}/ban`)),
      }),
      element('button', {
        type: 'button',
        textContent: 'Timeline',
        ariaLabel: `Timeline of ${key}`,
        onclick: () => {
          timeline.pick(key);
          refresh();
          $('#timeline-panel').scrollIntoView({ block: 'nearest' });
        },
      }),
      element('button', {
        type: 'button',
        textContent: 'Compliance',
        ariaLabel: `Compliance of ${key}`,
        onclick: () => showCompliance(key),
      }),
    ]),
  };
  for (const cell of Object.values(cells)) row.append(cell);
  return { row, cells, plan };
}

function renderKeys(state) {
  const body = $('#keys tbody');
  const seen = new Set();
  for (const key of state.keys) {
    seen.add(key.key);
    let entry = keyRows.get(key.key);
    if (!entry) {
      entry = keyRow(key.key);
      keyRows.set(key.key, entry);
      entry.plan.value = key.plan;
      body.append(entry.row);
    }
    replaceChildrenWith(entry.cells.minute, usageCell(key.minute, state.clock.now));
    replaceChildrenWith(entry.cells.day, usageCell(key.day, state.clock.now));
    const ban = key.banned
      ? element('span', {
          className: 'badge banned',
          textContent: `banned, ${formatSeconds(secondsUntil(key.bannedUntil, state.clock.now))} left`,
        })
      : element('span', { className: 'badge', textContent: key.limited ? 'limited' : 'not banned' });
    entry.cells.ban.replaceChildren(ban);
    entry.row.dataset.banned = String(key.banned);
  }
  for (const [key, entry] of keyRows) {
    if (!seen.has(key)) {
      entry.row.remove();
      keyRows.delete(key);
    }
  }
}

function renderStorms(state) {
  const items = state.storms.map((storm) => {
    const { covers, left } = coverageOf(storm, state.clock.now);
    const text = `${storm.running ? 'Running' : 'Over'}: ${covers}; ${storm.refused} of ${storm.covered} answered 429${left}.`;
    const stop = element('button', {
      type: 'button',
      textContent: 'Stop',
      ariaLabel: `Stop storm ${storm.id}`,
      onclick: () => act('Storm stopped', () => control('DELETE', `/storms/${storm.id}`)),
    });
    return element('li', {}, [text, ' ', ...(storm.running ? [stop] : [])]);
  });
  replaceChildrenWith($('#storms'), items.length ? items : [element('li', { textContent: 'No storm.' })]);
}

function renderClock(state) {
  $('#clock-now').textContent = new Date(state.clock.now).toUTCString();
  $('#clock-now').dateTime = state.clock.now;
  $('#clock-frozen').textContent = state.clock.frozen ? 'frozen' : 'running';
  $('#clock-freeze').textContent = state.clock.frozen ? 'Unfreeze' : 'Freeze';
  $('#clock-freeze').dataset.frozen = String(state.clock.frozen);
}

/** A link to an operation's place in the API reference. */
const docsLink = (operationId) =>
  element('a', { href: `/docs#/${docsTags.get(operationId) ?? 'default'}/${operationId}`, textContent: operationId });

function renderRequests(requests) {
  const rows = requests.map((request) => {
    const operation = request.operationId ? docsLink(request.operationId) : request.path;
    const status = `${request.status}${request.code ? ` ${request.code}` : ''}${request.storm ? ' (storm)' : ''}${request.fault && request.fault !== 'unavailable' ? ` (fault: ${request.fault})` : ''}`;
    const row = element('tr', {}, [
      element('td', { textContent: new Date(request.at).toISOString().slice(11, 19) }),
      element('td', { textContent: request.key }),
      element('td', {}, [operation]),
      element('td', { textContent: status }),
    ]);
    if (request.code === 'API_KEY_BANNED') row.className = 'refused';
    else if (request.fault) row.className = 'faulted';
    else if (request.status === 429) row.className = 'limited';
    return row;
  });
  replaceChildrenWith($('#requests tbody'), rows);
}

async function showCompliance(key) {
  await act(`Compliance of ${key}`, async () => {
    const report = await control('GET', `/keys/${encodeURIComponent(key)}/compliance`);
    $('#compliance-hint').textContent =
      `${key}: ${report.compliant ? 'compliant' : `${report.violations.length} violation(s)`}.`;
    $('#compliance').textContent = JSON.stringify(report, null, 2);
  });
}

function pickScope(name) {
  scope = name;
  sessionStorage.setItem(SCOPE_KEY, name);
  $('#scope').value = name;
  $('#drop-scope').disabled = name === '';
  // Another world has other keys: rows are made anew.
  for (const entry of keyRows.values()) entry.row.remove();
  keyRows.clear();
  $('#compliance').textContent = '';
  // The same key in another world has another record.
  timeline.pick(timeline.key());
}

/** The scopes in the picker; a scope picked that is gone (dropped, or idle too long) gives way to the default. */
function renderScopes(listing) {
  const options = [element('option', { value: '', textContent: 'default (the data file)' })];
  for (const entry of listing.scopes)
    options.push(element('option', { value: entry.name, textContent: `${entry.name} (${entry.requests} requests)` }));
  replaceChildrenWith($('#scope'), options);
  const picked = listing.scopes.find((entry) => entry.name === scope);
  if (scope && !picked) {
    say(`Scope ${scope} is gone (dropped, or unused for ${listing.idleSeconds} s); showing the default scope.`);
    pickScope('');
  }
  $('#scope').value = scope;
  $('#scope-info').textContent = picked
    ? `made ${new Date(picked.createdAt).toLocaleTimeString()}, last used ${new Date(picked.lastUsedAt).toLocaleTimeString()}`
    : `${listing.scopes.length} of at most ${listing.maxScopes} scopes live`;
}

let refreshing = false;
async function refresh() {
  if (refreshing) return;
  refreshing = true;
  try {
    // The scopes first: polling a scope that is gone would make it anew.
    renderScopes(await control('GET', '/scopes', undefined, { poll: true }));
    const [state, requests] = await Promise.all([
      control('GET', '/state', undefined, { poll: true }),
      control('GET', '/requests?limit=30', undefined, { poll: true }),
    ]);
    renderClock(state);
    renderKeys(state);
    renderStorms(state);
    faults.render(state);
    renderRequests(requests);
    await timeline.render(state);
    await operationsPanel.refresh();
    const first = document.documentElement.classList.contains('loading');
    if (first || statusLine.classList.contains('error'))
      say(`Connected; control API ${state.controlApi}; ${state.scope ? `scope ${state.scope}` : 'the default scope'}.`);
    // The panels show once they hold the state: never empty, under a line that says "Connecting".
    document.documentElement.classList.remove('loading');
  } catch (error) {
    say(`Cannot read the mock's state: ${error.message}`, true);
  } finally {
    refreshing = false;
  }
}

function commaList(value) {
  const items = String(value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

function wire() {
  $('#clock-freeze').addEventListener('click', (event) =>
    act('Clock', () => control('POST', '/clock', { frozen: event.currentTarget.dataset.frozen !== 'true' })),
  );
  for (const button of document.querySelectorAll('[data-advance]')) {
    button.addEventListener('click', () =>
      act(button.textContent, () => control('POST', '/clock', { advanceSeconds: Number(button.dataset.advance) })),
    );
  }
  $('#storm-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const spec = {
      fraction: Number(form.get('fraction') || 1),
      ...(form.get('seconds') ? { seconds: Number(form.get('seconds')) } : {}),
      ...(form.get('requests') ? { requests: Number(form.get('requests')) } : {}),
      ...(commaList(form.get('keys')) ? { keys: commaList(form.get('keys')) } : {}),
      ...(commaList(form.get('operations')) ? { operations: commaList(form.get('operations')) } : {}),
    };
    act('Storm started', () => control('POST', '/storms', spec));
  });
  $('#stop-storms').addEventListener('click', () => act('Storms stopped', () => control('DELETE', '/storms')));
  $('#new-key').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    act(`Key ${form.get('key')}`, () =>
      control('PUT', `/keys/${encodeURIComponent(form.get('key'))}`, { plan: form.get('plan') }),
    );
  });
  $('#reset-counters').addEventListener('click', () =>
    act('Counters reset', async () => {
      for (const row of keyRows.keys()) await control('DELETE', `/keys/${encodeURIComponent(row)}/counters`);
    }),
  );
  $('#reset-all').addEventListener('click', () => {
    const which = scope ? `scope ${scope}` : 'the default scope';
    if (window.confirm(`Reset data, counters, bans, storms, faults and the clock of ${which} to how it started?`))
      act('Reset', () => control('POST', '/reset'));
  });
  $('#scope').addEventListener('change', (event) => {
    pickScope(event.currentTarget.value);
    refresh();
  });
  $('#drop-scope').addEventListener('click', () => {
    const dropped = scope;
    pickScope('');
    act(`Scope ${dropped} dropped`, () => control('DELETE', `/scopes/${encodeURIComponent(dropped)}`));
  });
}

async function loadContract() {
  const contract = await (await fetch('/openapi.json')).json();
  // Each operation's first tag, for links to its place in the API reference.
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId) docsTags.set(operation.operationId, operation.tags?.[0] ?? 'default');
    }
  }
  planNames = Object.keys(contract['x-rate-limits']?.plans ?? {});
  replaceChildrenWith($('#new-key select[name="plan"]'), planOptions());
}

const timeline = createTimelinePanel({ control, element });
const operationsPanel = createOperationsPanel({ control, element, docsLink });
const faults = createFaultsPanel({ control, act, element, commaList });
wire();
faults.wire();
timeline.wire(refresh);
pickScope(scope);
await loadContract().catch((error) => {
  docsTags = new Map();
  say(`The contract (/openapi.json) could not be read, so no plan can be chosen: ${error.message}`, true);
});
await refresh();
setInterval(refresh, POLL_MS);
