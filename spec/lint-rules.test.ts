import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadPetstoreSpec, type SpecDocument } from '../test/support/spec.js';
import { createLinter, type Linter } from '../test/support/spectral.js';

// Each custom rule of .spectral.yaml, fed the real contract with one seed rule broken.
const BREAKAGES: Array<{ rule: string; breakage: string; breakIt: (spec: SpecDocument) => void }> = [
  {
    rule: 'petstore-operation-declares-429',
    breakage: 'an operation without a 429',
    breakIt: (spec) => delete spec.paths['/pets'].get.responses['429'],
  },
  {
    rule: 'petstore-429-has-retry-after',
    breakage: 'a 429 without Retry-After',
    breakIt: (spec) => delete spec.components.responses.TooManyRequests.headers['Retry-After'],
  },
  {
    rule: 'petstore-response-rate-limit-headers',
    breakage: 'a response without X-RateLimit-Remaining',
    breakIt: (spec) => delete spec.paths['/pets'].get.responses['200'].headers['X-RateLimit-Remaining'],
  },
  {
    rule: 'petstore-rate-limit-headers-required',
    breakage: 'a rate-limit header not marked required',
    breakIt: (spec) => {
      spec.paths['/pets'].get.responses['200'].headers['X-RateLimit-Reset'] = {
        required: false,
        schema: { type: 'integer' },
      };
    },
  },
  {
    rule: 'petstore-error-response-uses-error',
    breakage: 'an error response whose body is not the Error object',
    breakIt: (spec) => {
      spec.paths['/pets'].post.responses['422'] = {
        description: 'Unknown category',
        headers: spec.components.responses.NotFound.headers,
        content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
      };
    },
  },
  {
    rule: 'petstore-error-response-uses-error',
    breakage: 'an error response whose Error.status differs from the HTTP status',
    breakIt: (spec) => {
      spec.paths['/pets'].post.responses['422'] = structuredClone(spec.components.responses.NotFound);
    },
  },
  {
    rule: 'petstore-error-codes-catalogued',
    breakage: 'an error code missing from x-error-codes',
    breakIt: (spec) => delete spec['x-error-codes'].PET_NOT_FOUND,
  },
  {
    rule: 'petstore-deprecated-has-sunset',
    breakage: 'a deprecated operation without a sunset',
    breakIt: (spec) => delete spec.paths['/pets/{petId}'].get['x-deprecation'].sunset,
  },
  {
    rule: 'petstore-deprecated-has-sunset',
    breakage: 'a deprecated operation without the Sunset header',
    breakIt: (spec) => delete spec.paths['/pets/{petId}'].get.responses['200'].headers.Sunset,
  },
  {
    rule: 'petstore-operation-stability',
    breakage: 'an operation without x-stability',
    breakIt: (spec) => delete spec.paths['/categories'].post['x-stability'],
  },
  {
    rule: 'petstore-operation-stability',
    breakage: 'an x-stability value outside stable, beta, experimental',
    breakIt: (spec) => {
      spec.paths['/categories'].post['x-stability'] = 'alpha';
    },
  },
  {
    rule: 'petstore-unstable-says-so',
    breakage: 'a beta operation without X-API-Stability on its success answer',
    breakIt: (spec) => delete spec.paths['/store/inventory'].get.responses['200'].headers['X-API-Stability'],
  },
  {
    rule: 'petstore-operation-id',
    breakage: 'an operation without an operationId',
    breakIt: (spec) => delete spec.paths['/store/orders'].get.operationId,
  },
  {
    rule: 'petstore-operation-area-tag',
    breakage: 'an operation without a tag',
    breakIt: (spec) => delete spec.paths['/store/orders'].post.tags,
  },
  {
    rule: 'petstore-operation-area-tag',
    breakage: 'an operation outside the Pets and Store areas',
    breakIt: (spec) => {
      spec.paths['/store/orders'].post.tags = ['Misc'];
    },
  },
  {
    rule: 'petstore-api-key-required',
    breakage: 'an operation that opts out of the API key',
    breakIt: (spec) => {
      spec.paths['/categories'].get.security = [];
    },
  },
];

describe('.spectral.yaml', () => {
  let lint: Linter;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it('finds nothing at warning level or above in the contract as it stands', async () => {
    const findings = await lint(loadPetstoreSpec());
    // Spectral severities: 0 error, 1 warn, 2 info, 3 hint.
    expect(findings.filter((finding) => finding.severity <= 1)).toEqual([]);
  });

  it.each(BREAKAGES)('$rule fires on $breakage', async ({ rule, breakIt }) => {
    const spec = loadPetstoreSpec();
    breakIt(spec);
    // The rule alone: that it fires is the point, and the whole ruleset takes ten times as long.
    const findings = await lint(spec, rule);
    expect(findings.map((finding) => finding.code)).toContain(rule);
  });
});
