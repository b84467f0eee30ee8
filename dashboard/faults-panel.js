// The faults panel: the faults beyond 429 of the scope shown (GET /__mock/state's `faults`), each
// with what it covers and what is left, and a form that starts one (POST /__mock/faults) or stops
// them all (DELETE /__mock/faults), through the page's own call of the control API.
import { replaceChildrenWith } from './children.js';
import { coverageOf } from './coverage.js';

/** What each kind does to the answers it chooses, as the list says it. */
const KINDS = {
  reset: 'connection reset before the answer',
  cut: 'answer cut short of its Content-Length',
  stall: 'head, then silence',
  unavailable: '503 with Retry-After',
};

/** `control`, `act`, `element` and `commaList` are the page's own. */
export function createFaultsPanel({ control, act, element, commaList }) {
  const $ = (selector) => document.querySelector(selector);

  function render(state) {
    const items = state.faults.map((fault) => {
      const { covers, left } = coverageOf(fault, state.clock.now);
      const what = `${KINDS[fault.kind] ?? fault.kind}${fault.kind === 'stall' ? ` for ${fault.stallSeconds} s` : ''}`;
      const text = `${fault.running ? 'Running' : 'Over'}: ${what}, on ${covers}; ${fault.failed} of ${fault.covered} failed${left}.`;
      const stop = element('button', {
        type: 'button',
        textContent: 'Stop',
        ariaLabel: `Stop fault ${fault.id}`,
        onclick: () => act('Fault stopped', () => control('DELETE', `/faults/${fault.id}`)),
      });
      return element('li', { className: `fault-${fault.kind}` }, [text, ' ', ...(fault.running ? [stop] : [])]);
    });
    replaceChildrenWith($('#faults'), items.length ? items : [element('li', { textContent: 'No fault.' })]);
  }

  function wire() {
    $('#fault-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      const number = (name) => (form.get(name) ? { [name]: Number(form.get(name)) } : {});
      const spec = {
        kind: form.get('kind'),
        fraction: Number(form.get('fraction') || 1),
        ...number('seconds'),
        ...number('requests'),
        ...(form.get('kind') === 'stall' ? number('stallSeconds') : {}),
        ...(commaList(form.get('keys')) ? { keys: commaList(form.get('keys')) } : {}),
        ...(commaList(form.get('operations')) ? { operations: commaList(form.get('operations')) } : {}),
      };
      act('Fault started', () => control('POST', '/faults', spec));
    });
    $('#stop-faults').addEventListener('click', () => act('Faults stopped', () => control('DELETE', '/faults')));
  }

  return { render, wire };
}
