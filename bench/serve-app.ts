// How the bench's own servers (the floor, bare Express) serve their app: as the mock serves its
// own, with requests and answers born with the app's prototypes (src/http/app-prototypes.ts),
// so that they stay the least this stack costs. Prints the port, then serves.
import { createServer } from 'node:http';
import type { Express } from 'express';
import type { ServerClasses } from '../src/http/app-prototypes.js';

export function serveApp(app: Express, classes: ServerClasses): void {
  const server = createServer(classes, app);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  });
}
