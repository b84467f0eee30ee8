// A client whose first run of a case leaves it nothing to judge: it opens a connection to the API
// and closes it without sending (undetermined). Every later run of the case is the careful example
// client's. MARK_DIR keeps which cases it has run.
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const mark = join(process.env.MARK_DIR ?? '.', process.env.PETSTORE_SDK_CHECK_CASE ?? 'case');
if (existsSync(mark)) await import('../../../examples/sdk-clients/well-behaved.mjs');
else {
  writeFileSync(mark, 'ran');
  const { hostname, port } = new URL(process.env.PETSTORE_BASE_URL ?? '');
  const socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.end();
}
