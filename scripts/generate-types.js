#!/usr/bin/env node
// Generates the TypeScript types of the contract, so that no shape of spec/petstore.yaml is
// written twice by hand: `src/generated/petstore.ts` (openapi-typescript) and
// `src/generated/control.ts` (the same for the control API), `src/generated/error-codes.ts`
// (the x-error-codes catalogues of both as one typed constant) and `src/generated/plans.ts` (the
// plans and limits of x-rate-limits).
// With --check it writes nothing and exits 1 when a checked-in file differs from the spec.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

const root = new URL('../', import.meta.url);
const SPEC = new URL('spec/petstore.yaml', root);
const CONTROL_SPEC = new URL('spec/control.yaml', root);
// A field with a default is still optional in what a client sends.
const OPTIONS = { defaultNonNullable: false };
const HEADER = '// Generated from spec/ by `npm run generate:types`. Do not edit by hand.\n';

export async function renderGeneratedFiles() {
  const files = new Map();
  files.set('src/generated/petstore.ts', HEADER + astToString(await openapiTS(SPEC, OPTIONS)));
  files.set('src/generated/control.ts', HEADER + astToString(await openapiTS(CONTROL_SPEC, OPTIONS)));
  // One catalogue for the API's codes and the control API's: a code means one thing everywhere.
  const codes = { ...parse(await readFile(SPEC, 'utf8'))['x-error-codes'] };
  const controlCodes = parse(await readFile(CONTROL_SPEC, 'utf8'))['x-error-codes'] ?? {};
  for (const [code, entry] of Object.entries(controlCodes)) {
    if (codes[code] && codes[code].status !== entry.status) {
      throw new Error(
        `Error code ${code} has status ${codes[code].status} in petstore.yaml but ${entry.status} in control.yaml.`,
      );
    }
    codes[code] ??= entry;
  }
  const catalogue = Object.entries(codes).map(
    ([code, { status, description }]) =>
      `  ${code}: { status: ${status}, description: ${JSON.stringify(description)} },`,
  );
  files.set(
    'src/generated/error-codes.ts',
    `${HEADER}\nexport const ERROR_CODES = {\n${catalogue.join('\n')}\n} as const;\n\nexport type ErrorCode = keyof typeof ERROR_CODES;\n`,
  );
  files.set('src/generated/plans.ts', renderPlans(parse(await readFile(SPEC, 'utf8'))['x-rate-limits']?.plans));
  return files;
}

const wholeNumber = (value) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '_');

// One source for the plans: their names and limits are written in the contract only. A plan whose
// limits the contract leaves `custom` (agreed per customer) takes its `x-demo-limits`, the mock's own.
function renderPlans(plans) {
  const entries = Object.entries(plans ?? {});
  if (entries.length === 0) throw new Error('spec/petstore.yaml has no x-rate-limits.plans.');
  const rows = entries.map(([name, plan]) => {
    const custom = plan.perMinute === 'custom' || plan.perDay === 'custom';
    const limits = custom ? plan['x-demo-limits'] : plan;
    if (!Number.isSafeInteger(limits?.perMinute) || !Number.isSafeInteger(limits?.perDay)) {
      throw new Error(
        `x-rate-limits.plans.${name} needs whole numbers perMinute and perDay${custom ? ' in its x-demo-limits' : ''}.`,
      );
    }
    return { name, custom, limits };
  });
  const names = (list) => list.map(({ name }) => `'${name}'`).join(', ');
  const limits = rows.map(
    ({ name, limits }) =>
      `  ${name}: { perMinute: ${wholeNumber(limits.perMinute)}, perDay: ${wholeNumber(limits.perDay)} },`,
  );
  return [
    HEADER,
    "/** The plans of spec/petstore.yaml's x-rate-limits, in its order. */",
    `export const PLAN_NAMES = [${names(rows)}] as const;`,
    '',
    'export type PlanName = (typeof PLAN_NAMES)[number];',
    '',
    '/** The plans whose limits the contract leaves custom: agreed per customer. */',
    `export const CUSTOM_LIMIT_PLANS: readonly PlanName[] = [${names(rows.filter(({ custom }) => custom))}];`,
    '',
    "/** Each plan's limits; a custom plan's are its x-demo-limits, the mock's own decision. */",
    'export const PLAN_LIMITS = {',
    ...limits,
    '} as const;',
    '',
  ].join('\n');
}

async function main() {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [path, contents] of await renderGeneratedFiles()) {
    const target = new URL(path, root);
    if (check) {
      const current = await readFile(target, 'utf8').catch(() => '');
      if (current !== contents) stale.push(path);
    } else {
      await writeFile(target, contents);
      console.log(`wrote ${path}`);
    }
  }
  if (stale.length > 0) {
    console.error(
      `Generated types are out of date with spec/: ${stale.join(', ')}.\nRun \`npm run generate:types\` and commit the result.`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
