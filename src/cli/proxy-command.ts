// `petstore-mock proxy --upstream URL [-- COMMAND]`: the contract checked on real traffic to a real
// implementation, with the mock's workbench (storms, latency, clock, record) in front of it. With a
// command, the proxy runs it (PETSTORE_BASE_URL pointing at itself) and stops when it ends; without,
// it stops on SIGINT or SIGTERM. Either way the reports are written and the exit code set on stop.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { blockedPortNote } from '../http/fetch-blocked-ports.js';
import type { RunLedger } from '../proxy/run-ledger.js';
import {
  addContractOptions,
  type ContractFlags,
  contractServerOptions,
  printContractWarnings,
} from './contract-options.js';
import { integerOption } from './parse-options.js';
import { type RunningCommand, runCommand } from './run-command.js';
import {
  addListenOptions,
  addSimulationOptions,
  type ListenFlags,
  type SimulationFlags,
  sharedServerOptions,
} from './shared-options.js';

type ProxyFlags = ListenFlags &
  SimulationFlags &
  ContractFlags & {
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
    .usage('--upstream <url> [options] [-- command...]')
    .argument(
      '[command...]',
      'tests to run through the proxy, after --; they get PETSTORE_BASE_URL (the proxy); the proxy stops when they end',
    )
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
  addContractOptions(addSimulationOptions(proxy), 'check the exchanges against').action(
    async (words: string[], flags: ProxyFlags) => {
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
        import('../server/server.js'),
      ]);
      const ledger = createRunLedger();
      const server = await createMockServer({
        ...sharedServerOptions(flags),
        ...contractServerOptions(flags),
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
      const command = words.length > 0 ? runCommand(words, { PETSTORE_BASE_URL: server.url }) : undefined;
      let closing = false;
      const shutDown = (why: string, commandCode?: number) => {
        if (closing) return;
        closing = true;
        console.log(`\n${why}: stopping.`);
        server
          .close()
          .then(() => writeReports(flags, ledger))
          .then(
            () => process.exit(exitCode(flags, ledger, commandCode)),
            (error: unknown) => {
              console.error(`petstore-mock: could not stop cleanly: ${String(error)}`);
              process.exit(1);
            },
          );
      };
      stopOnSignals(command, shutDown);
      // After the handlers: whoever reads the banner may send SIGTERM at once.
      console.log(
        [
          'petstore-mock proxy',
          `  API       ${server.url}`,
          ...portNotes(server.port, origin),
          `  upstream  ${origin.href}`,
          `  control   ${server.origin}/__mock`,
          `  contract  ${server.origin}/openapi.yaml (${server.contractDraft ? `from --contract ${server.contractDraft.shown}` : 'built in'})`,
        ].join('\n'),
      );
      printContractWarnings(server.contractWarnings, (text) => console.log(text));
      command?.exited.then((code) => shutDown(`${words.join(' ')} exited with ${code}`, code));
    },
  );
}

/** What the banner says of a port that fetch refuses: the proxy's own, or the upstream's (which it reaches). */
function portNotes(port: number, upstream: URL): string[] {
  const own = blockedPortNote(port, 'Its');
  const upstreamPort = Number(upstream.port || (upstream.protocol === 'https:' ? 443 : 80));
  const theirs = blockedPortNote(upstreamPort, "The upstream's");
  return [
    ...(own ? [`            ${own}: a browser or a client built on fetch cannot call it. Pick another --port.`] : []),
    ...(theirs
      ? [`            ${theirs}. The proxy reaches it (node:http); clients built on fetch reach it through the proxy.`]
      : []),
  ];
}

/** A signal stops the proxy; with a command, it is passed on and the proxy stops when the command ends. */
function stopOnSignals(command: RunningCommand | undefined, shutDown: (why: string) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => (command ? command.signal(signal) : shutDown(signal)));
  }
}

/** The command's failure first; then, with --fail-on-violations, 1 for any violation. */
function exitCode(flags: ProxyFlags, ledger: RunLedger, commandCode: number | undefined): number {
  if (commandCode !== undefined && commandCode !== 0) return commandCode;
  return flags.failOnViolations && ledger.violationCount() > 0 ? 1 : 0;
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
