// The benchmark's baseline: a bare Express 5 app answering the same JSON bodies as the mock,
// with no validation, no limits and no storage, served as the mock serves its app (serve-app.ts).
// It prints its port, then serves.
import express from 'express';
import { bornWithPrototypes } from '../src/http/app-prototypes.js';
import { serveApp } from './serve-app.js';

const PET = { id: 1, name: 'Nova the Oriental', categoryId: 2, status: 'available' };
const PAGE = Array.from({ length: 20 }, (_, index) => ({ ...PET, id: index + 1 }));
const STOCK = { petId: 1, quantity: 7, status: 'available' };

const app = express();
// Before any of the app's own setup: what it sets on app.request and app.response goes on these.
const classes = bornWithPrototypes(app);
app.use(express.json({ limit: 32 * 1024 }));
app.get('/v1/pets/by-id/:petId', (_req, res) => {
  res.json(PET);
});
app.get('/v1/pets', (_req, res) => {
  res.set('X-Total-Count', '60').json(PAGE);
});
app.post('/v1/pets', (req, res) => {
  res.status(201).json({ id: 61, ...req.body });
});
app.put('/v1/store/inventory/:petId', (req, res) => {
  res.json({ ...STOCK, quantity: req.body.quantity });
});
serveApp(app, classes);
