import { describe, expect, it } from '@jest/globals';
import { createHostMatcher, hostNameOf } from './allowed-hosts.js';

describe('the host name of a Host header', () => {
  it.each([
    ['127.0.0.1:4010', '127.0.0.1'],
    ['LocalHost:80', 'localhost'],
    ['[::1]:4010', '::1'],
    ['[::1]', '::1'],
    ['mock.test.', 'mock.test'],
    [' mock.test ', 'mock.test'],
    ['evil.example:', 'evil.example'],
  ])('%s names %s', (header, name) => {
    expect(hostNameOf(header)).toBe(name);
  });
});

describe("the mock's hosts", () => {
  const isAllowed = createHostMatcher('0.0.0.0', ['mock.test', '.dev.example']);

  it('are localhost and its subdomains, any IP address, the listen address and the names given', () => {
    for (const name of [
      'localhost',
      'a.b.localhost',
      '10.1.2.3',
      '::1',
      '0.0.0.0',
      'mock.test',
      'dev.example',
      'x.dev.example',
    ]) {
      expect([name, isAllowed(name)]).toEqual([name, true]);
    }
  });

  it('are not a name merely ending like one, nor any other name', () => {
    for (const name of [
      'evil.example',
      'mock.test.evil',
      'xmock.test',
      'localhost.evil',
      'evillocalhost',
      'notdev.example',
      '0x7f000001',
    ]) {
      expect([name, isAllowed(name)]).toEqual([name, false]);
    }
  });
});
