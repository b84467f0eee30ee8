// The benchmark's floor: Express 5 with express-openapi-validator set up the standard documented
// way, checking every request and JSON answer against the same contract with the same options as
// the mock, then plain routes answering the same bodies as the bare baseline, storing nothing,
// served as the mock serves its app (serve-app.ts). No mock can check the contract both ways for
// less on this stack; the mock is measured against it. It prints its port, then serves.
import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';
import { bornWithPrototypes } from '../src/http/app-prototypes.js';
import { loadContract } from '../src/openapi/load-contract.js';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../src/package-root.js';
import { serveApp } from './serve-app.js';

const PET = { id: 1, name: 'Nova the Oriental', categoryId: 2, status: 'available' };
const PAGE = Array.from({ length: 20 }, (_, index) => ({ ...PET, id: index + 1 }));
const STOCK = { petId: 1, quantity: 7, status: 'available' };
// The headers the contract requires on these answers, constant: the floor counts nothing.
const RATE_LIMIT = {
  'X-RateLimit-Limit': '1000000',
  'X-RateLimit-Remaining': '999999',
  'X-RateLimit-Reset': '1893456000',
};

// Loaded as the mock loads it: the build's JSON of the contract when current, else the YAML.
const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);

const app = express();
// Before any of the app's own setup: what it sets on app.request and app.response goes on these.
const classes = bornWithPrototypes(app);
app.use(express.json({ limit: 32 * 1024 }));
app.use(
  OpenApiValidator.middleware({
    apiSpec: contract.document as unknown as OpenAPIV3.DocumentV3_1,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true },
    validateResponses: { allErrors: true },
    validateSecurity: false,
    fileUploader: false,
    $refParser: { mode: 'dereference' },
  }),
);
app.get('/v1/pets/by-id/:petId', (_req, res) => {
  res.set(RATE_LIMIT).json(PET);
});
app.get('/v1/pets', (_req, res) => {
  res.set(RATE_LIMIT).set('X-Total-Count', '60').json(PAGE);
});
app.post('/v1/pets', (req, res) => {
  res
    .status(201)
    .set(RATE_LIMIT)
    .set('Location', '/v1/pets/by-id/61')
    .json({ id: 61, ...req.body });
});
app.put('/v1/store/inventory/:petId', (req, res) => {
  res
    .set(RATE_LIMIT)
    .set('X-API-Stability', 'beta')
    .json({ ...STOCK, quantity: req.body.quantity });
});
// The validator's findings, as its documentation answers them: the status it chose, as JSON.
app.use((error: Error & { status?: number; errors?: unknown }, _req: Request, res: Response, _next: NextFunction) => {
  res.status(error.status ?? 500).json({ message: error.message, errors: error.errors });
});
serveApp(app, classes);
