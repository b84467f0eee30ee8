// Deprecated operations announce it: Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to
// the successor (RFC 8288), where the contract's x-deprecation says when and for what; the Link,
// opened, answers the same resource; past the sunset (by the target's own clock), 410 Gone.
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { send } from '../support/exchange.js';
import { operationById, selectedOperations } from '../support/operations.js';
import { pathOf } from '../support/requests.js';
import { type DeprecationNotice, pastSunset } from '../support/sunset.js';
import { contractTarget } from '../support/target.js';
import { createTestData, type TestData } from '../support/test-data.js';
import { requireNoProblems } from '../support/violation.js';

kindOfChecks('deprecation', 'deprecated operations', () => {
  let data: TestData;
  beforeChecks(async () => {
    data = await createTestData();
  }, 7);

  eachCheck(
    selectedOperations()
      // Headers are promised only where the contract says when and for what (its x-deprecation);
      // `deprecated: true` alone promises none.
      .filter((operation) => operation.deprecated && operation.raw['x-deprecation'] !== undefined)
      .map(
        (operation) =>
          [`${operation.operationId}: well-formed Deprecation, Sunset and Link headers`, operation] as const,
      ),
    '%s',
    async (_name, operation) => {
      const notice = operation.raw['x-deprecation'] as DeprecationNotice;
      const exchange = await send({
        operationId: operation.operationId,
        method: operation.method,
        path: pathOf(operation, data.paths),
      });
      expectConforms(operation, exchange, { statuses: pastSunset(operation, exchange) ? [410] : [200] });

      const problems: string[] = [];
      const deprecation = exchange.headers.deprecation;
      const expectedDeprecation = `@${Date.parse(notice.deprecatedAt) / 1000}`;
      if (deprecation !== expectedDeprecation)
        problems.push(`Deprecation is ${deprecation ?? 'missing'}, expected ${expectedDeprecation} (RFC 9745)`);
      const sunset = exchange.headers.sunset;
      if (!sunset || Date.parse(sunset) !== Date.parse(notice.sunset) || !sunset.endsWith('GMT')) {
        problems.push(
          `Sunset is ${sunset ?? 'missing'}, expected the HTTP-date ${new Date(notice.sunset).toUTCString()} (RFC 8594)`,
        );
      }
      const successor = operationById(notice.successor);
      const successorPath = pathOf(successor, data.paths);
      const link = exchange.headers.link ?? '';
      const successorLink = /<([^>]+)>\s*;\s*rel="?successor-version"?/.exec(link)?.[1];
      if (!successorLink?.endsWith(successorPath)) {
        problems.push(
          `Link has no rel="successor-version" to ${successorPath} (RFC 8288); it is "${link || 'missing'}"`,
        );
      }
      requireNoProblems(exchange, 'the deprecation headers of x-deprecation', problems);
      if (exchange.status !== 200 || !successorLink) return;
      // The Link is followed, not only read: it must lead to the same resource.
      const opened = await send({
        operationId: successor.operationId,
        method: 'GET',
        path: successorPath,
        url: new URL(successorLink, contractTarget().baseUrl).href,
      });
      const same = opened.status === 200 && JSON.stringify(opened.body) === JSON.stringify(exchange.body);
      requireNoProblems(
        opened,
        `the successor-version Link of ${operation.operationId} answering 200 with the same resource`,
        same
          ? []
          : [
              `the successor answered ${opened.status} ${opened.text.slice(0, 200)}, not ${exchange.text.slice(0, 200)}`,
            ],
      );
    },
  );
});
