import { afterEach, describe, expect, it } from '@jest/globals';
import { createScopeRegistry, type LocalScopeRegistry } from './scope-registry.js';

describe('the scope registry', () => {
  let nowMs = 1_000_000;
  let made = 0;
  let registry: LocalScopeRegistry<{ serial: number }> | undefined;
  const open = (maxScopes: number, idleSeconds: number) => {
    registry = createScopeRegistry({
      createWorld: () => {
        made += 1;
        return { serial: made };
      },
      maxScopes,
      idleSeconds,
      realNowMs: () => nowMs,
    });
    return registry;
  };
  afterEach(() => registry?.close());

  it("makes a world at a scope's first request, and gives the same one after, counting each", () => {
    const scopes = open(10, 60);
    const first = scopes.enter('a');
    nowMs += 5_000;
    expect(scopes.enter('a')).toBe(first);
    expect(scopes.enter('b')).not.toBe(first);
    expect(scopes.list()).toEqual([
      { name: 'a', createdAtMs: nowMs - 5_000, lastUsedAtMs: nowMs, expiresAtMs: nowMs + 60_000, requests: 2 },
      { name: 'b', createdAtMs: nowMs, lastUsedAtMs: nowMs, expiresAtMs: nowMs + 60_000, requests: 1 },
    ]);
  });

  it('drops a scope unused for the idle time: a request then makes it anew, last in the list', () => {
    const scopes = open(10, 60);
    const old = scopes.enter('a');
    scopes.enter('b');
    nowMs += 59_999;
    scopes.enter('b');
    nowMs += 1;
    expect(scopes.list().map((scope) => scope.name)).toEqual(['b']);
    expect(scopes.enter('a')).not.toBe(old);
    expect(scopes.list().map((scope) => scope.name)).toEqual(['b', 'a']);
    expect(scopes.drop('a')).toBe(true);
    nowMs += 60_000;
    expect(scopes.drop('b')).toBe(false);
  });

  it('holds at most maxScopes: a new one is refused until one is dropped or expires', () => {
    const scopes = open(2, 60);
    scopes.enter('a');
    nowMs += 30_000;
    scopes.enter('b');
    expect(scopes.enter('c')).toBeUndefined();
    expect(scopes.enter('a')).toBeDefined();
    expect(scopes.drop('a')).toBe(true);
    expect(scopes.enter('c')).toBeDefined();
    expect(scopes.enter('d')).toBeUndefined();
    nowMs += 60_000;
    expect(scopes.enter('d')).toBeDefined();
    expect(scopes.list().map((scope) => scope.name)).toEqual(['d']);
  });
});
