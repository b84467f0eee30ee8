// A sub-collection whose records have a field of the parent parameter's name (Ory's sessions
// under /admin/identities/{id}/sessions, each with an id of its own): the record keeps its own
// id, and the parent's key is held beside it, so the list under each parent shows its own
// records, each once. So with Lago's wallets, read at /wallets/{lago_id}, whose transactions listed
// at /wallets/{lago_id}/wallet_transactions each have a lago_id of their own.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const idOf = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const identity = { $ref: '#/components/schemas/Identity' };
const session = { $ref: '#/components/schemas/Session' };

const document = {
  openapi: '3.0.3',
  info: { title: 'Identities', version: '1' },
  paths: {
    '/identities': {
      get: { operationId: 'listIdentities', responses: { 200: json({ type: 'array', items: identity }) } },
    },
    '/identities/{id}': {
      parameters: [idOf('id')],
      get: { operationId: 'getIdentity', responses: { 200: json(identity), 404: { description: 'none' } } },
    },
    '/identities/{id}/sessions': {
      parameters: [idOf('id')],
      get: {
        operationId: 'listIdentitySessions',
        responses: { 200: json({ type: 'array', items: session }), 404: { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      Identity: {
        type: 'object',
        required: ['id', 'state'],
        properties: { id: { type: 'string', format: 'uuid' }, state: { type: 'string', enum: ['active', 'inactive'] } },
      },
      Session: {
        type: 'object',
        required: ['id', 'active'],
        properties: { id: { type: 'string', format: 'uuid' }, active: { type: 'boolean' } },
      },
    },
  },
};

describe('a sub-collection whose records have a field named as the parent parameter', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('lists under each parent its own records, each once, with ids of their own', async () => {
    const identities = served.judged('GET', '/identities', await http().get('/identities')).body as Array<{
      id: string;
    }>;
    const listed: string[] = [];
    for (const { id } of identities) {
      const path = `/identities/${id}/sessions`;
      const sessions = served.judged('GET', '/identities/{id}/sessions', await http().get(path)).body as Array<{
        id: string;
      }>;
      for (const each of sessions) {
        expect(each.id).not.toBe(id);
        listed.push(each.id);
      }
    }
    expect(listed.length).toBeGreaterThan(3);
    expect(new Set(listed).size).toBe(listed.length);
  });
});

const wallet = { $ref: '#/components/schemas/Wallet' };
const transaction = { $ref: '#/components/schemas/WalletTransaction' };
const lagoId = { type: 'string', format: 'uuid' };

const LAGO_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Wallets', version: '1' },
  paths: {
    '/wallets': { get: { operationId: 'listWallets', responses: { 200: json({ type: 'array', items: wallet }) } } },
    '/wallets/{lago_id}': {
      parameters: [idOf('lago_id')],
      get: { operationId: 'getWallet', responses: { 200: json(wallet), 404: { description: 'none' } } },
    },
    '/wallets/{lago_id}/wallet_transactions': {
      parameters: [idOf('lago_id')],
      get: {
        operationId: 'listWalletTransactions',
        responses: { 200: json({ type: 'array', items: transaction }), 404: { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      Wallet: {
        type: 'object',
        required: ['lago_id', 'name'],
        properties: { lago_id: lagoId, name: { type: 'string' } },
      },
      WalletTransaction: {
        type: 'object',
        required: ['lago_id', 'amount'],
        properties: { lago_id: lagoId, amount: { type: 'string' } },
      },
    },
  },
};

describe('a sub-collection whose records name themselves as their parent is named (Lago’s lago_id)', () => {
  const served = serveJudged(LAGO_DOCUMENT);
  const http = () => served.mock().http;

  it('lists under each wallet transactions of their own lago_id, never the wallet’s', async () => {
    const wallets = served.judged('GET', '/wallets', await http().get('/wallets')).body as Array<{ lago_id: string }>;
    const listed: string[] = [];
    for (const { lago_id } of wallets) {
      const path = `/wallets/${lago_id}/wallet_transactions`;
      const found = served.judged('GET', '/wallets/{lago_id}/wallet_transactions', await http().get(path));
      for (const each of found.body as Array<{ lago_id: string }>) {
        expect(each.lago_id).not.toBe(lago_id);
        listed.push(each.lago_id);
      }
    }
    expect(listed.length).toBeGreaterThan(3);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
