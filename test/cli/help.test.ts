// What --help says: what is required, and what a command can be given (read from where it is
// defined, never restated here).
import { spawn } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { CATALOGUE } from '../../src/sdk-check/catalogue.js';
import { CASE_NEEDS } from '../../src/sdk-check/contract-cases.js';
import { CLI, runCli } from '../support/cli.js';

describe('--help', () => {
  it('proxy --help marks --upstream as required, in the usage line and beside the option', async () => {
    const help = await runCli(['proxy', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: petstore-mock proxy --upstream <url> [options]');
    expect(help.stdout).toMatch(/--upstream <url>\s+required: the real implementation's/);
    const missing = await runCli(['proxy']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--upstream <url>' not specified");
  });

  it('sdk-check --help lists every case of the catalogue with what it reproduces', async () => {
    const help = await runCli(['sdk-check', '--help']);
    expect(help.code).toBe(0);
    const listed = help.stdout.slice(help.stdout.indexOf('Cases (all by default; --cases takes their names):'));
    for (const entry of CATALOGUE)
      expect(listed).toMatch(
        new RegExp(`\\n  ${entry.name} +${entry.reproduces.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`),
      );
    expect(listed).toContain('petstore-mock sdk-check --junit reports/sdk-check.xml -- npm run my-client-smoke-test');
    // The clock case, said to go beyond RFC 9110, and a case for each fault beyond 429.
    expect(listed).toMatch(/\n {2}clock-behind +a server whose clock is 5 minutes behind .*Beyond RFC 9110/);
    for (const fault of ['reset', 'cut', 'stall', 'unavailable', 'create-reset'])
      expect(listed).toMatch(new RegExp(`\\n  fault-${fault} +\\S`));
  });

  it('sdk-check --help says what the cases need of a contract given with --contract: each need with its cases, and the key variables', async () => {
    const help = await runCli(['sdk-check', '--help']);
    const text = help.stdout.slice(help.stdout.indexOf('With --contract FILE'));
    expect(text.replace(/\s+/g, ' ')).toContain('(PETSTORE_API_KEY_IN is header, query, cookie or authorization;');
    expect(text.replace(/\s+/g, ' ')).toContain('A case that needs what the contract lacks is skipped, with why');
    expect(text).toContain(`\n  limit-http-date, clock-behind: ${CASE_NEEDS['http-date'].asks}\n`);
    expect(text).toContain(`\n  reset-only: ${CASE_NEEDS.reset.asks}\n`);
    expect(text).toContain(`\n  fault-create-reset: ${CASE_NEEDS.create.asks}\n`);
  });

  it('serve, proxy, contract and sdk-check --help each list --contract, --contract-allow-urls and --contract-limit', async () => {
    for (const command of ['serve', 'proxy', 'contract', 'sdk-check']) {
      const help = await runCli([command, '--help']);
      expect({ command, code: help.code }).toEqual({ command, code: 0 });
      const text = help.stdout.replace(/\s+/g, ' ');
      expect(text).toMatch(
        /--contract <file> [a-z' ]+ this version of the Pet Store contract instead of the built-in one/,
      );
      expect(text).toContain(
        "--contract-allow-urls <prefixes> let the contract's $refs name URLs under these prefixes",
      );
      expect(text).toMatch(/--contract-limit <name=n> raise \(or lower\) a bound .* enum-values \(100000\)/);
    }
  });

  it('ends quietly when its reader stops reading (sdk-check --help | head -1)', async () => {
    // The reader is gone before the help is written: the write meets a closed pipe.
    const child = spawn(process.execPath, [CLI, 'sdk-check', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.destroy();
    const code = await new Promise((ended) => child.on('close', ended));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
