// Starts a fresh in-memory mock on an OS-assigned loopback port for one test file, and collects
// what it logs, so that a test can assert that no response ever broke the contract.
import { expect } from '@jest/globals';
import request from 'supertest';
import type { MockServerOptions } from '../../src/config.js';
import { createMockServer, type MockServer } from '../../src/server.js';

export const DEMO_KEY = 'demo-business';

export type TestMock = {
  server: MockServer;
  logLines: string[];
  /** supertest bound to the server's origin; paths start with the base path (/v1/...). */
  http: ReturnType<typeof request>;
  /** Lines the mock logged about its own responses breaking the contract, or internal errors. */
  contractBugs(): string[];
};

export async function startTestMock(options: MockServerOptions = {}): Promise<TestMock> {
  const logLines: string[] = [];
  const server = await createMockServer({ data: ':memory:', ...options, log: (line) => logLines.push(line) });
  return {
    server,
    logLines,
    http: request(server.origin),
    contractBugs: () => logLines.filter((line) => /CONTRACT BUG|INTERNAL ERROR/.test(line)),
  };
}

/** The seed's Error object, exactly its three fields, with `status` equal to the HTTP status. */
export function errorShape(status: number, code?: string): Record<string, unknown> {
  return { status, code: code ?? expect.stringMatching(/^[A-Z][A-Z0-9_]*$/), message: expect.stringMatching(/\S/) };
}
