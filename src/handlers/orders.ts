// The rules of the order operations of the Store area: placing an order takes stock, cancelling
// returns it, and a complete order never changes again (spec: placeOrder, updateOrder,
// cancelOrder). Listing and reading orders have no rules of their own.
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { Collection, InventoryItem, Pet, StoredOrder, StoredRecord } from '../store/data-set.js';
import type { DataTransaction } from '../store/data-store.js';
import { bodyOf, idParam } from './handler-types.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

const DEFAULT_SHIPPING_DAYS = 3;

function requireOpen(order: StoredOrder): void {
  if (order.complete) throw new HttpError('ORDER_COMPLETED', `Order ${order.id} is complete and can no longer change.`);
}

/** Stores the pet's inventory entry with its quantity changed by `delta`. */
function changeStock(tx: DataTransaction, inventory: Collection, stock: InventoryItem, delta: number): Promise<void> {
  return tx.replace(inventory, { ...stock, quantity: Math.min(1_000_000, stock.quantity + delta) });
}

const threeDaysFrom = (clock: Clock) => new Date(clock.nowMs() + DEFAULT_SHIPPING_DAYS * 86_400_000).toISOString();

export const ORDER_RULES: RuleSet = {
  placeOrder: {
    rules:
      'the pet must exist (422 UNKNOWN_PET) and be available (409 PET_NOT_AVAILABLE) with the units in stock ' +
      '(409 INSUFFICIENT_STOCK), which leave the inventory; shipDate defaults to three days on, complete to false',
    answer(deps) {
      const context = ruleContext(deps, 'placeOrder', 'orders');
      const [orders, pets, inventory] = ['orders', 'pets', 'inventory'].map((name) => collectionNamed(deps, name)) as [
        Collection,
        Collection,
        Collection,
      ];
      return async (req, res) => {
        const body = bodyOf(req, 'placeOrder');
        const fields = { ...(await context.serverFields.onCreate(req)), ...context.inputFields(req) };
        const order = await deps.data.transaction(async (tx) => {
          const pet = (await tx.get(pets, body.petId)) as Pet | undefined;
          if (!pet) throw new HttpError('UNKNOWN_PET', `petId ${body.petId} names no pet. List pets with GET /pets.`);
          if (pet.status !== 'available') {
            throw new HttpError(
              'PET_NOT_AVAILABLE',
              `Pet ${pet.id} is ${pet.status}, not available, so it cannot be ordered.`,
            );
          }
          // An order reserves stock: the units leave the inventory (spec).
          const stock = (await tx.get(inventory, pet.id)) as InventoryItem | undefined;
          const inStock = stock?.quantity ?? 0;
          if (!stock || inStock < body.quantity) {
            throw new HttpError(
              'INSUFFICIENT_STOCK',
              `Pet ${pet.id} has ${inStock} unit(s) in stock; ${body.quantity} were ordered. Order fewer, or raise the stock with PUT /store/inventory/${pet.id}.`,
            );
          }
          await changeStock(tx, inventory, stock, -body.quantity);
          const shipDate = body.shipDate ?? threeDaysFrom(deps.clock);
          return tx.insert(orders, { ...fields, shipDate, complete: false });
        });
        res.status(201).location(context.location(req, order)).json(order);
      };
    },
  },

  updateOrder: {
    rules: 'a complete order never changes (409 ORDER_COMPLETED); complete goes from false to true only',
    answer(deps) {
      const context = ruleContext(deps, 'updateOrder', 'orders');
      const orders = collectionNamed(deps, 'orders');
      return async (req, res) => {
        const orderId = idParam(req, 'orderId');
        const { complete, ...change } = context.inputFields(req);
        const stamps = context.serverFields.onUpdate();
        const order = await deps.data.transaction(async (tx) => {
          const existing = (await tx.get(orders, orderId)) as StoredOrder | undefined;
          if (!existing) throw context.notFound(orderId);
          requireOpen(existing);
          const replaced: StoredRecord = {
            ...existing,
            ...change,
            // complete goes only from false to true (spec).
            ...(complete === true ? { complete: true } : {}),
            ...stamps,
          };
          await tx.replace(orders, replaced);
          return replaced;
        });
        res.json(order);
      };
    },
  },

  cancelOrder: {
    rules: 'a complete order stays (409 ORDER_COMPLETED); cancelling puts its units back in the inventory',
    answer(deps) {
      const context = ruleContext(deps, 'cancelOrder', 'orders');
      const orders = collectionNamed(deps, 'orders');
      const inventory = collectionNamed(deps, 'inventory');
      return async (req, res) => {
        const orderId = idParam(req, 'orderId');
        await deps.data.transaction(async (tx) => {
          const order = (await tx.get(orders, orderId)) as StoredOrder | undefined;
          if (!order) throw context.notFound(orderId);
          requireOpen(order);
          // Cancelling an open order puts its units back (spec).
          const stock = (await tx.get(inventory, order.petId)) as InventoryItem | undefined;
          if (stock) await changeStock(tx, inventory, stock, order.quantity);
          await tx.remove(orders, orderId);
        });
        res.status(204).end();
      };
    },
  },
};
