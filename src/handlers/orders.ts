// The order operations of the Store area: placing an order takes stock, cancelling returns it,
// and a complete order never changes again (spec: placeOrder, updateOrder, cancelOrder).
import { HttpError } from '../errors.js';
import type { InventoryItem, StoredOrder } from '../store/data-set.js';
import type { DataReader, DataTransaction } from '../store/data-store.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { requestedPage, sendPage } from './pagination.js';

const DEFAULT_SHIPPING_DAYS = 3;

async function findOrder(view: DataReader, orderId: number): Promise<StoredOrder> {
  const order = await view.getOrder(orderId);
  if (!order) throw new HttpError('ORDER_NOT_FOUND', `No order has id ${orderId}. List orders with GET /store/orders.`);
  return order;
}

function requireOpen(order: StoredOrder): void {
  if (order.complete) throw new HttpError('ORDER_COMPLETED', `Order ${order.id} is complete and can no longer change.`);
}

/** Stores the pet's inventory entry with its quantity changed by `delta`. */
function changeStock(tx: DataTransaction, stock: InventoryItem, delta: number): Promise<void> {
  return tx.replaceInventoryItem({ ...stock, quantity: Math.min(1_000_000, stock.quantity + delta) });
}

export function createOrderHandlers({
  data,
  clock,
  basePath,
}: HandlerDependencies): OperationHandlers<'listOrders' | 'placeOrder' | 'getOrder' | 'updateOrder' | 'cancelOrder'> {
  return {
    async listOrders(req, res) {
      const { petId, complete, shipDateFrom, shipDateTo } = queryOf(req, 'listOrders');
      const filter = {
        petId: petId === undefined ? undefined : Number(petId),
        complete: complete === undefined ? undefined : String(complete) === 'true',
        shipDateFromMs: shipDateFrom === undefined ? undefined : Date.parse(shipDateFrom),
        shipDateToMs: shipDateTo === undefined ? undefined : Date.parse(shipDateTo),
      };
      sendPage(req, res, await data.read((view) => view.listOrders(filter, requestedPage(req))));
    },

    async placeOrder(req, res) {
      const body = bodyOf(req, 'placeOrder');
      const order = await data.transaction(async (tx) => {
        const pet = await tx.getPet(body.petId);
        if (!pet) throw new HttpError('UNKNOWN_PET', `petId ${body.petId} names no pet. List pets with GET /pets.`);
        if (pet.status !== 'available') {
          throw new HttpError(
            'PET_NOT_AVAILABLE',
            `Pet ${pet.id} is ${pet.status}, not available, so it cannot be ordered.`,
          );
        }
        // An order reserves stock: the units leave the inventory (spec).
        const stock = await tx.getInventoryItem(pet.id);
        const inStock = stock?.quantity ?? 0;
        if (!stock || inStock < body.quantity) {
          throw new HttpError(
            'INSUFFICIENT_STOCK',
            `Pet ${pet.id} has ${inStock} unit(s) in stock; ${body.quantity} were ordered. Order fewer, or raise the stock with PUT /store/inventory/${pet.id}.`,
          );
        }
        await changeStock(tx, stock, -body.quantity);
        const shipDate = body.shipDate ?? new Date(clock.nowMs() + DEFAULT_SHIPPING_DAYS * 86_400_000).toISOString();
        return tx.insertOrder({ petId: pet.id, quantity: body.quantity, shipDate, complete: false });
      });
      res.status(201).location(`${basePath}/store/orders/${order.id}`).json(order);
    },

    async getOrder(req, res) {
      res.json(await data.read((view) => findOrder(view, idParam(req, 'orderId'))));
    },

    async updateOrder(req, res) {
      const orderId = idParam(req, 'orderId');
      const change = bodyOf(req, 'updateOrder');
      const order = await data.transaction(async (tx) => {
        const existing = await findOrder(tx, orderId);
        requireOpen(existing);
        const replaced: StoredOrder = {
          ...existing,
          ...(change.shipDate === undefined ? {} : { shipDate: change.shipDate }),
          // complete goes only from false to true (spec).
          ...(change.complete === true ? { complete: true } : {}),
        };
        await tx.replaceOrder(replaced);
        return replaced;
      });
      res.json(order);
    },

    async cancelOrder(req, res) {
      const orderId = idParam(req, 'orderId');
      await data.transaction(async (tx) => {
        const order = await findOrder(tx, orderId);
        requireOpen(order);
        // Cancelling an open order puts its units back (spec).
        const stock = await tx.getInventoryItem(order.petId);
        if (stock) await changeStock(tx, stock, order.quantity);
        await tx.removeOrder(orderId);
      });
      res.status(204).end();
    },
  };
}
