// The benchmark's baseline: a bare Express 5 app answering the same JSON bodies as the mock,
// with no validation, no limits and no storage. It prints its port, then serves.
import express from 'express';

const PET = { id: 1, name: 'Nova the Oriental', categoryId: 2, status: 'available' };
const PAGE = Array.from({ length: 20 }, (_, index) => ({ ...PET, id: index + 1 }));
const STOCK = { petId: 1, quantity: 7, status: 'available' };

const app = express();
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
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
