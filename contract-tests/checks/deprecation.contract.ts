// Deprecated operations announce it: Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to
// the successor (RFC 8288), as the contract's x-deprecation says; past the sunset, 410 Gone.
import { afterAll, beforeAll, describe } from '@jest/globals';
import { expectConforms } from '../support/conformance.js';
import { eachCheck } from '../support/each-check.js';
import { send } from '../support/exchange.js';
import { operationById, selectedOperations } from '../support/operations.js';
import { pathOf } from '../support/requests.js';
import { cleanUp, createTestData, type TestData } from '../support/test-data.js';
import { requireNoProblems } from '../support/violation.js';

const deprecated = selectedOperations().filter((operation) => operation.deprecated);

let data: TestData;
beforeAll(async () => {
  data = await createTestData();
});
afterAll(cleanUp);

describe('deprecated operations', () => {
  eachCheck(
    deprecated.map((operation) => [operation.operationId, operation] as const),
    '%s answers with well-formed Deprecation, Sunset and Link headers',
    async (_name, operation) => {
      const notice = operation.raw['x-deprecation'] as { deprecatedAt: string; sunset: string; successor: string };
      const exchange = await send({
        operationId: operation.operationId,
        method: operation.method,
        path: pathOf(operation, data.paths),
      });
      const pastSunset = Date.now() >= Date.parse(notice.sunset);
      expectConforms(operation, exchange, { statuses: pastSunset ? [410] : [200] });

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
    },
  );
});
