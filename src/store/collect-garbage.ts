// A full garbage collection, with gc() exposed for that moment only (as jest-leak-detector does):
// after work that leaves hundreds of MB of garbage at once (a large data file read, a draft
// replaced), which V8 would otherwise keep as resident memory until it next collects.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) {
    exposed();
    return;
  }
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  setFlagsFromString('--no-expose-gc');
}
