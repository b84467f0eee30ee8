// `petstore-mock proxy --upstream URL`: the contract checked on real traffic to a real
// implementation, with the mock's workbench (storms, latency, clock, record) in front of it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import type { RunLedger } from '../proxy/run-ledger.js';
import { integerOption } from './parse-options.js';
import {
  addListenOptions,
  addSimulationOptions,
  type ListenFlags,
  type SimulationFlags,
  sharedServerOptions,
} from './shared-options.js';

type ProxyFlags = ListenFlags &
  SimulationFlags & {
    upstream: string;
    upstreamTimeout: number;
    errors?: boolean;
    simulateLimits?: boolean;
    junit?: string;
    report?: string;
    failOnViolations?: boolean;
  };

const DEFAULT_UPSTREAM_TIMEOUT_SECONDS = 30;

function upstreamUrl(value: string): URL {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http(s)');
  return url;
}

export function registerProxyCommand(program: Command): void {
  const proxy = program
    .command('proxy')
    .description('Forward the API to a real implementation, checking every exchange against the contract.')
    .usage('--upstream <url> [options]')
    .requiredOption(
      '--upstream <url>',
      "required: the real implementation's {base_url}, e.g. https://staging.example.com/v1",
    )
    .option(
      '--upstream-timeout <seconds>',
      'answer 504 UPSTREAM_TIMEOUT after this many seconds',
      integerOption('--upstream-timeout', { min: 1, max: 600 }),
      DEFAULT_UPSTREAM_TIMEOUT_SECONDS,
    );
  addListenOptions(proxy)
    .option('--errors', 'refuse requests that break the contract; answer 502 for upstream answers that do')
    .option('--simulate-limits', "enforce the mock's keys, plans, bans and storms in front of the upstream")
    .option('--junit <file>', 'write JUnit XML on stop: a test case per operation seen, violations as failures')
    .option('--report <file>', 'write the JSON report on stop')
    .option('--fail-on-violations', 'exit 1 on stop when any exchange broke the contract');
  // The simulation as serve starts it; the data (keys only) is kept in memory.
  addSimulationOptions(proxy).action(async (flags: ProxyFlags) => {
    let origin: URL;
    try {
      origin = upstreamUrl(flags.upstream);
    } catch {
      console.error(
        `petstore-mock: --upstream takes an http(s) URL, e.g. http://127.0.0.1:8080/v1; got ${flags.upstream}.`,
      );
      process.exitCode = 2;
      return;
    }
    // Loaded by this command only: a serve never loads the proxy's code.
    const [{ createRunLedger }, { createMockServer }] = await Promise.all([
      import('../proxy/run-ledger.js'),
      import('../server.js'),
    ]);
    const ledger = createRunLedger();
    const server = await createMockServer({
      ...sharedServerOptions(flags),
      data: ':memory:',
      proxy: {
        upstream: {
          origin,
          basePath: origin.pathname.replace(/\/$/, ''),
          timeoutMs: flags.upstreamTimeout * 1000,
        },
        errors: flags.errors === true,
        simulateLimits: flags.simulateLimits === true,
        ledger,
      },
    });
    console.log(
      `petstore-mock proxy\n  API       ${server.url}\n  upstream  ${origin.href}\n  control   ${server.origin}/__mock`,
    );
    let closing = false;
    const shutDown = (signal: string) => {
      if (closing) return;
      closing = true;
      console.log(`\n${signal}: stopping.`);
      server
        .close()
        .then(() => writeReports(flags, ledger))
        .then(
          () => process.exit(flags.failOnViolations && ledger.violationCount() > 0 ? 1 : 0),
          (error: unknown) => {
            console.error(`petstore-mock: could not stop cleanly: ${String(error)}`);
            process.exit(1);
          },
        );
    };
    process.once('SIGINT', () => shutDown('SIGINT'));
    process.once('SIGTERM', () => shutDown('SIGTERM'));
  });
}

async function writeReports(flags: ProxyFlags, ledger: RunLedger): Promise<void> {
  const report = ledger.report();
  console.log(`${report.exchanges} exchanges, ${report.violations} contract violations.`);
  const write = async (file: string, text: string) => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  };
  if (flags.junit) {
    const { renderJunit } = await import('../proxy/run-ledger.js');
    await write(flags.junit, renderJunit(report));
  }
  if (flags.report) await write(flags.report, `${JSON.stringify(report, null, 2)}\n`);
}
