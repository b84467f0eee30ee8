// examples/compose.yaml cannot run here (no container engine), so its parts are checked against
// what they name: the options petstore-mock serve takes, the Redis service, the ports.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { runCli } from '../support/cli.js';

type Service = { image: string; command: string[] | string; ports?: string[]; depends_on?: Record<string, unknown> };

async function composeServices(): Promise<Record<string, Service>> {
  const text = await readFile(new URL('../../examples/compose.yaml', import.meta.url), 'utf8');
  return (parse(text, { merge: true }) as { services: Record<string, Service> }).services;
}

const valueAfter = (command: string[], option: string) => command[command.indexOf(option) + 1];

describe('the compose example (examples/compose.yaml)', () => {
  it('runs two mocks of petstore-mock serve on node:20 behind one redis:7, with options serve takes', async () => {
    const services = await composeServices();
    const mocks = Object.entries(services).filter(([, service]) => service.image === 'node:20');
    expect(mocks).toHaveLength(2);
    const redis = Object.entries(services).find(([, service]) => service.image === 'redis:7');
    expect(redis).toBeDefined();
    const [redisName] = redis as [string, Service];

    const help = await runCli(['serve', '--help']);
    expect(help.code).toBe(0);
    const hostPorts = new Set<string>();
    for (const [, mock] of mocks) {
      const command = mock.command as string[];
      expect(command.slice(0, 4)).toEqual(['npx', '--yes', 'petstore-mock', 'serve']);
      for (const option of command.filter((part) => part.startsWith('--') && part !== '--yes')) {
        expect(help.stdout).toContain(`${option} `);
      }
      expect(valueAfter(command, '--host')).toBe('0.0.0.0');
      // Beyond loopback the control API is closed without a token.
      expect(valueAfter(command, '--control-token')).toMatch(/^\$\{MOCK_CONTROL_TOKEN:\?/);
      expect(new URL(valueAfter(command, '--redis') ?? '').hostname).toBe(redisName);
      expect(mock.depends_on).toHaveProperty(redisName);
      const [hostPort, containerPort] = (mock.ports?.[0] ?? '').split(':');
      expect(containerPort).toBe(valueAfter(command, '--port'));
      hostPorts.add(hostPort ?? '');
    }
    expect(hostPorts.size).toBe(2);
  });
});
