// The Operations panel: every operation of the contract being served, and how the mock answers
// it (GET /__mock/operations): by the Pet Store's rules, by the convention of its shape, from its
// examples, or by the upstream (proxy). Read at load and now and then after, as a watched
// contract may change while the page is open.
import { replaceChildrenWith } from './children.js';

const EVERY_POLLS = 10;

/** Its credentials and the answers its contract does not declare, as the how column's notes. */
function facts(operation) {
  const credentials = operation.credentials ?? [];
  const gaps = (operation.gaps ?? []).map((gap) => gap.split(':')[0]);
  return [
    ...(credentials.length > 0 ? [`credentials: ${credentials.join(', ')}`] : ['open to all']),
    ...(gaps.length > 0 ? [`answers it does not declare: ${gaps.join(', ')}`] : []),
  ];
}

export function createOperationsPanel({ control, element, docsLink }) {
  let polls = 0;
  let shown = '';

  function render({ contract, operations }) {
    const text = JSON.stringify({ contract, operations });
    if (text === shown) return;
    shown = text;
    const source = contract.source === 'built-in' ? 'the built-in contract' : `the contract ${contract.source}`;
    document.querySelector('#operations-contract').textContent =
      `${contract.title} ${contract.version}, from ${source}: ${operations.length} operations.`;
    replaceChildrenWith(
      document.querySelector('#operations tbody'),
      operations.map((operation) =>
        element('tr', {}, [
          element('td', {}, [docsLink(operation.operationId)]),
          element('td', { textContent: `${operation.method} ${operation.path}` }),
          element('td', {}, [
            element('span', {
              className: `badge answered-${operation.answeredBy}`,
              textContent: operation.answeredBy,
            }),
          ]),
          element('td', { textContent: [operation.how, ...facts(operation)].join(' · ') }),
        ]),
      ),
    );
  }

  /** The answers given outside the contract (GET /__mock/violations, location contract): how many, and the latest. */
  function renderGaps({ violations }) {
    const gaps = violations.filter((violation) => violation.location === 'contract');
    const latest = gaps.at(-1);
    document.querySelector('#contract-gaps').textContent =
      gaps.length === 0
        ? 'No answer outside the contract so far.'
        : `${gaps.length} answer(s) outside the contract so far (GET /__mock/violations); the latest: ${latest.message}`;
  }

  return {
    async refresh() {
      if (polls++ % EVERY_POLLS !== 0) return;
      render(await control('GET', '/operations', undefined, { poll: true }));
      renderGaps(await control('GET', '/violations', undefined, { poll: true }));
    },
  };
}
