// The real public OpenAPI documents the mock is judged on (README.md beside this file says where
// each comes from), and where they and the built command are found, from the source tree or
// from dist/ alike.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type RealDocument = {
  /** The folder under documents/, and the document's name in reports and known-gaps.json. */
  name: string;
  /** The root file, under documents/NAME/. */
  file: string;
  /** Judged in `npm test` too, one of each style; the rest by `npm run real-contracts` only (CPU). */
  inTestRun?: true;
};

export const DOCUMENTS: RealDocument[] = [
  { name: 'swagger-petstore', file: 'openapi.yaml', inTestRun: true },
  { name: 'petstore-expanded', file: 'petstore-expanded.yaml', inTestRun: true },
  { name: 'museum', file: 'openapi.yaml', inTestRun: true },
  { name: 'train-travel', file: 'openapi.yaml', inTestRun: true },
  { name: 'realworld-conduit', file: 'api/openapi.yml', inTestRun: true },
  { name: 'spring-petclinic', file: 'openapi.yml', inTestRun: true },
  { name: 'twilio', file: 'twilio_api_v2010.json' },
  { name: 'radarr', file: 'openapi.json' },
  { name: 'digitalocean', file: 'DigitalOcean-public.v2.yaml' },
  { name: 'openai', file: 'openapi.yaml' },
  { name: 'spotify', file: 'fixed-spotify-open-api.yml' },
  { name: 'ory-kratos', file: 'api.json' },
  { name: 'asana', file: 'asana_oas.yaml' },
  { name: 'lob', file: 'lob-api-bundled.yml', inTestRun: true },
  { name: 'discourse', file: 'openapi.json' },
  { name: 'petstore-v2', file: 'petstore.json', inTestRun: true },
  { name: 'harbor', file: 'swagger.yaml' },
  { name: 'docker-engine', file: 'swagger.yaml' },
  { name: 'supabase-auth', file: 'openapi.yaml' },
  { name: 'gotify', file: 'spec.json' },
  { name: 'slack', file: 'slack_web_openapi_v2.json' },
  { name: 'mastodon', file: 'schema.json' },
];

/** The documents `npm test` judges: the six of the first judged set, Lob's, and a Swagger 2.0 one. */
export const TEST_RUN_DOCUMENTS = DOCUMENTS.filter((entry) => entry.inTestRun);

/** The project's root: the folder above this module that holds bin/petstore-mock.js (two levels up, or three from dist/). */
function projectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'bin', 'petstore-mock.js'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('test/real-contracts: no bin/petstore-mock.js above this module');
    folder = parent;
  }
  return folder;
}

export const PROJECT_ROOT = projectRoot();
export const HARNESS_FOLDER = join(PROJECT_ROOT, 'test', 'real-contracts');
export const MOCK_COMMAND = join(PROJECT_ROOT, 'bin', 'petstore-mock.js');
export const PRISM_COMMAND = join(PROJECT_ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
export const OUTPUT_FOLDER = join(PROJECT_ROOT, 'test-output', 'real-contracts');

export const documentPath = (document: RealDocument) => join(HARNESS_FOLDER, 'documents', document.name, document.file);
