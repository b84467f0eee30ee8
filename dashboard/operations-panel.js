// The Operations panel: every operation of the contract being served, and how the mock answers
// it (GET /__mock/operations): by the Pet Store's rules, by the convention of its shape, from its
// examples, or by the upstream (proxy). Read at load and now and then after, as a watched
// contract may change while the page is open.
import { replaceChildrenWith } from './children.js';

const EVERY_POLLS = 10;

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
          element('td', { textContent: operation.how }),
        ]),
      ),
    );
  }

  return {
    async refresh() {
      if (polls++ % EVERY_POLLS !== 0) return;
      render(await control('GET', '/operations', undefined, { poll: true }));
    },
  };
}
