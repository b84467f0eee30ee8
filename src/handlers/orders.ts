// The order operations of the Store area: placing an order takes stock, cancelling returns it,
// and a complete order never changes again (spec: placeOrder, updateOrder, cancelOrder).
import { HttpError } from '../errors.js';
import {
  type DataSet,
  type InventoryItem,
  inventoryOfPet,
  orderById,
  petById,
  replaceRecord,
  type StoredOrder,
} from '../store/data-set.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { sendPage } from './pagination.js';

const DEFAULT_SHIPPING_DAYS = 3;

function findOrder(data: DataSet, orderId: number): StoredOrder {
  const order = orderById(data.orders, orderId);
  if (!order) throw new HttpError('ORDER_NOT_FOUND', `No order has id ${orderId}. List orders with GET /store/orders.`);
  return order;
}

function requireOpen(order: StoredOrder): void {
  if (order.complete) throw new HttpError('ORDER_COMPLETED', `Order ${order.id} is complete and can no longer change.`);
}

function stockOf(data: DataSet, petId: number): InventoryItem | undefined {
  return inventoryOfPet(data.inventory, petId);
}

/** Replaces a pet's inventory entry with one whose quantity is changed by `delta`. */
function changeStock(data: DataSet, stock: InventoryItem, delta: number): void {
  replaceRecord(data.inventory, stock, { ...stock, quantity: Math.min(1_000_000, stock.quantity + delta) });
}

export function createOrderHandlers({
  store,
  clock,
  basePath,
}: HandlerDependencies): OperationHandlers<'listOrders' | 'placeOrder' | 'getOrder' | 'updateOrder' | 'cancelOrder'> {
  return {
    listOrders(req, res) {
      const { petId, complete, shipDateFrom, shipDateTo } = queryOf(req, 'listOrders');
      const fromMs = shipDateFrom === undefined ? -Infinity : Date.parse(shipDateFrom);
      const toMs = shipDateTo === undefined ? Infinity : Date.parse(shipDateTo);
      const wantComplete = complete === undefined ? undefined : String(complete) === 'true';
      const matching = store.data.orders.filter((order) => {
        const shipMs = Date.parse(order.shipDate);
        return (
          (petId === undefined || order.petId === Number(petId)) &&
          (wantComplete === undefined || order.complete === wantComplete) &&
          shipMs >= fromMs &&
          shipMs < toMs
        );
      });
      sendPage(req, res, matching);
    },

    async placeOrder(req, res) {
      const body = bodyOf(req, 'placeOrder');
      const order = await store.update((data) => {
        const pet = petById(data.pets, body.petId);
        if (!pet) throw new HttpError('UNKNOWN_PET', `petId ${body.petId} names no pet. List pets with GET /pets.`);
        if (pet.status !== 'available') {
          throw new HttpError(
            'PET_NOT_AVAILABLE',
            `Pet ${pet.id} is ${pet.status}, not available, so it cannot be ordered.`,
          );
        }
        const stock = stockOf(data, pet.id);
        const inStock = stock?.quantity ?? 0;
        if (!stock || inStock < body.quantity) {
          throw new HttpError(
            'INSUFFICIENT_STOCK',
            `Pet ${pet.id} has ${inStock} unit(s) in stock; ${body.quantity} were ordered. Order fewer, or raise the stock with PUT /store/inventory/${pet.id}.`,
          );
        }
        changeStock(data, stock, -body.quantity);
        const shipDate = body.shipDate ?? new Date(clock.nowMs() + DEFAULT_SHIPPING_DAYS * 86_400_000).toISOString();
        const placed: StoredOrder = {
          id: data.nextId.order,
          petId: pet.id,
          quantity: body.quantity,
          shipDate,
          complete: false,
        };
        data.nextId.order += 1;
        data.orders.push(placed);
        return placed;
      });
      res.status(201).location(`${basePath}/store/orders/${order.id}`).json(order);
    },

    getOrder(req, res) {
      res.json(findOrder(store.data, idParam(req, 'orderId')));
    },

    async updateOrder(req, res) {
      const orderId = idParam(req, 'orderId');
      const change = bodyOf(req, 'updateOrder');
      const order = await store.update((data) => {
        const existing = findOrder(data, orderId);
        requireOpen(existing);
        return replaceRecord(data.orders, existing, {
          ...existing,
          ...(change.shipDate === undefined ? {} : { shipDate: change.shipDate }),
          ...(change.complete === true ? { complete: true } : {}),
        });
      });
      res.json(order);
    },

    async cancelOrder(req, res) {
      const orderId = idParam(req, 'orderId');
      await store.update((data) => {
        const order = findOrder(data, orderId);
        requireOpen(order);
        const stock = stockOf(data, order.petId);
        if (stock) changeStock(data, stock, order.quantity);
        data.orders = data.orders.filter((candidate) => candidate.id !== orderId);
      });
      res.status(204).end();
    },
  };
}
