// Where a browser test saves its screenshot. A test run writes to the ignored test-output/, so
// that `npm test` leaves the working tree as it found it; `npm run docs:images` runs the same
// tests with PETSTORE_DOCS_IMAGES=1 to rewrite the images the docs pages show (docs/*.png).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);

/** The path to save the screenshot NAME (e.g. `contract-report.png`) to, its folder created. */
export function screenshotPath(name: string): string {
  const folder = new URL(process.env.PETSTORE_DOCS_IMAGES === '1' ? 'docs/' : 'test-output/screenshots/', root);
  mkdirSync(folder, { recursive: true });
  return fileURLToPath(new URL(name, folder));
}
