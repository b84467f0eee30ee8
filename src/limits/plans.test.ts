// One source for the plans: the contract's x-rate-limits (generated into src/generated/plans.ts).
// Lists built from it in code need no test; the texts that cannot be built from it (the control
// contract's YAML, the READMEs) and the lists built elsewhere are checked against it here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { parseKeyOption } from '../cli/start-options.js';
import { DEMO_KEYS } from '../fixtures/demo-keys.js';
import { CUSTOM_LIMIT_PLANS, DEMO_KEY_NAMES, ENTERPRISE_DEFAULT_LIMITS, PLAN_LIMITS, PLAN_NAMES } from './plans.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const petstore = parse(read('spec/petstore.yaml')) as {
  'x-rate-limits': {
    plans: Record<
      string,
      {
        perMinute: number | 'custom';
        perDay: number | 'custom';
        'x-demo-limits'?: { perMinute: number; perDay: number };
      }
    >;
  };
};
const control = parse(read('spec/control.yaml')) as {
  paths: Record<string, Record<string, { description?: string }>>;
  components: { schemas: { PlanName: { enum: string[] } } };
};
/** 1000000 -> "1,000,000", as the documents write numbers. */
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const title = (plan: string) => plan[0]?.toUpperCase() + plan.slice(1);

describe('plans, from the contract', () => {
  it("are x-rate-limits' plans, in its order, with its limits; custom ones with the mock's x-demo-limits", () => {
    const plans = petstore['x-rate-limits'].plans;
    expect(PLAN_NAMES).toEqual(Object.keys(plans));
    for (const plan of PLAN_NAMES) {
      const stated = plans[plan];
      if (CUSTOM_LIMIT_PLANS.includes(plan)) expect(stated).toMatchObject({ perMinute: 'custom', perDay: 'custom' });
      else expect(PLAN_LIMITS[plan]).toEqual({ perMinute: stated?.perMinute, perDay: stated?.perDay });
    }
    const { perMinute, perDay } = plans.enterprise?.['x-demo-limits'] ?? {};
    expect(ENTERPRISE_DEFAULT_LIMITS).toEqual({ perMinute, perDay });
  });

  it("are the control contract's PlanName enum, and its putKey states the enterprise demo limits", () => {
    expect(control.components.schemas.PlanName.enum).toEqual([...PLAN_NAMES]);
    const putKey = control.paths['/keys/{key}']?.put?.description?.replace(/\s+/g, ' ');
    const { perMinute, perDay } = ENTERPRISE_DEFAULT_LIMITS;
    expect(putKey).toContain(`${count(perMinute)} a minute and ${count(perDay)} a day`);
  });

  it('give one demo key per plan, named demo-PLAN; a custom plan stores its demo limits on the key', () => {
    expect(DEMO_KEYS.map(({ key, plan }) => [key, plan])).toEqual(PLAN_NAMES.map((plan) => [`demo-${plan}`, plan]));
    expect(DEMO_KEYS.map(({ key }) => key)).toEqual(DEMO_KEY_NAMES);
    for (const { plan, limits } of DEMO_KEYS) {
      expect(limits).toEqual(CUSTOM_LIMIT_PLANS.includes(plan) ? PLAN_LIMITS[plan] : undefined);
    }
  });

  it('are the plans the --key option takes and names when it refuses one', () => {
    for (const plan of PLAN_NAMES) expect(parseKeyOption(`k:${plan}`)).toEqual([{ key: 'k', plan }]);
    expect(() => parseKeyOption('k:platinum')).toThrow(`PLAN one of ${PLAN_NAMES.join(', ')}.`);
  });

  it('are what the READMEs state: the limits by plan and the demo keys', () => {
    // "Free 60/min and 1,000/day, Pro 300 and 10,000, ..., Enterprise custom"
    const statedLimits = (separator: string) =>
      PLAN_NAMES.map((plan, index) => {
        if (CUSTOM_LIMIT_PLANS.includes(plan)) return `${title(plan)} custom`;
        const { perMinute, perDay } = PLAN_LIMITS[plan];
        const units = index === 0 ? ['/min', '/day'] : ['', ''];
        return `${title(plan)} ${count(perMinute)}${units[0]} and ${count(perDay)}${units[1]}`;
      }).join(separator);
    const readme = read('README.md').replace(/\s+/g, ' ');
    expect(readme).toContain(`(${statedLimits(', ')})`);
    expect(readme).toContain(`${DEMO_KEY_NAMES.map((key) => `\`${key}\``).join(', ')}.`);
    const decisions = read('spec/README.md').replace(/\s+/g, ' ');
    expect(decisions).toContain(statedLimits('; '));
    const { perMinute, perDay } = ENTERPRISE_DEFAULT_LIMITS;
    expect(decisions).toContain(`${count(perMinute)}/min and ${count(perDay)}/day for an enterprise key`);
  });

  it('are not listed by the dashboard, which reads them from the contract it loads', () => {
    const dashboard = read('dashboard/dashboard.js') + read('dashboard/index.html');
    expect(dashboard).toContain("contract['x-rate-limits']?.plans");
    for (const plan of PLAN_NAMES) expect(dashboard).not.toMatch(new RegExp(`['">]${plan}['"<]`));
  });
});
