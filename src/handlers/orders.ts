// The rules of the order operations of the Store area: placing an order takes stock, cancelling
// returns it, and a complete order never changes again (spec: placeOrder, updateOrder,
// cancelOrder). Listing and reading orders have no rules of their own.
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { Collection, InventoryItem, Pet, StoredOrder } from '../store/data-set.js';
import type { DataTransaction } from '../store/data-store.js';
import { bodyOf } from './handler-types.js';
import { createWithRules, deleteWithRules, updateWithRules } from './rule-answers.js';
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
    over: ['orders', 'pets', 'inventory'],
    rules:
      'the pet must exist (422 UNKNOWN_PET) and be available (409 PET_NOT_AVAILABLE) with the units in stock ' +
      '(409 INSUFFICIENT_STOCK), which leave the inventory; shipDate defaults to three days on, complete to false',
    answer(deps) {
      const orders = collectionNamed(deps, 'orders');
      const pets = collectionNamed(deps, 'pets');
      const inventory = collectionNamed(deps, 'inventory');
      return createWithRules(deps, ruleContext(deps, 'placeOrder', 'orders'), async (tx, fields, req) => {
        const body = bodyOf(req, 'placeOrder');
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
    },
  },

  updateOrder: {
    over: ['orders'],
    rules: 'a complete order never changes (409 ORDER_COMPLETED); complete goes from false to true only',
    answer(deps) {
      const context = ruleContext(deps, 'updateOrder', 'orders');
      const orders = collectionNamed(deps, 'orders');
      return updateWithRules(deps, context, orders, 'orderId', async (_tx, existing, fields) => {
        requireOpen(existing as StoredOrder);
        const { complete, ...change } = fields;
        // complete goes only from false to true (spec).
        return { ...existing, ...change, ...(complete === true ? { complete: true } : {}) };
      });
    },
  },

  cancelOrder: {
    over: ['orders', 'inventory'],
    rules: 'a complete order stays (409 ORDER_COMPLETED); cancelling puts its units back in the inventory',
    answer(deps) {
      const [orders, inventory] = [collectionNamed(deps, 'orders'), collectionNamed(deps, 'inventory')];
      const context = ruleContext(deps, 'cancelOrder', 'orders');
      return deleteWithRules(deps, context, orders, 'orderId', async (tx, existing) => {
        const order = existing as StoredOrder;
        requireOpen(order);
        // Cancelling an open order puts its units back (spec).
        const stock = (await tx.get(inventory, order.petId)) as InventoryItem | undefined;
        if (stock) await changeStock(tx, inventory, stock, order.quantity);
      });
    },
  },
};
