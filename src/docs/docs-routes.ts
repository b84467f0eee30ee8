// The API reference (/docs, swagger-ui from the package's own files: works offline) and the
// raw contract (/openapi.yaml and /openapi.json). None of these count against any key.

import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Router as createRouter, type Router, static as serveStatic } from 'express';
import { type Contract, describeContractSource } from '../openapi/load-contract.js';

// The package's folder only: its index would load the whole 1 MB UI bundle into the server.
const swaggerUiFolder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Text as HTML writes it: a contract's title is anyone's to write. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const docsPage = (title: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} API reference · petstore-mock</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#reference',
      deepLinking: true,
      persistAuthorization: true,
      tryItOutEnabled: true,
    });
  </script>
</body>
</html>
`;

export function createDocsRoutes(contract: Contract): Router {
  const router = createRouter();
  const json = JSON.stringify(contract.document);
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(contract.text);
  });
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  const { title, version } = describeContractSource(contract);
  const page = docsPage(`${title.replace(/\s*API$/i, '') || 'The'} ${version}`.trim());
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.type('html').send(page);
  });
  router.use('/docs/assets', serveStatic(swaggerUiFolder, { index: false, maxAge: '1h' }));
  return router;
}
