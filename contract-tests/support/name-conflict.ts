// Category names are unique without regard to case (the contract's CATEGORY_NAME_TAKEN): a 409
// with that code is a right answer to a valid request only when such a name is really taken.
import { isRefusal } from './error-shapes.js';
import type { Exchange } from './exchange.js';
import { send } from './exchange.js';

/** Whether the answer is the refusal of a category name already taken. */
export function isNameConflict(answer: Exchange): boolean {
  return isRefusal(answer, 409, 'CATEGORY_NAME_TAKEN');
}

export async function nameTakenIsReal(answer: Exchange, body: unknown): Promise<boolean> {
  const name = (body as { name?: unknown } | undefined)?.name;
  if (!isNameConflict(answer) || typeof name !== 'string') return false;
  const list = await send({
    operationId: 'listCategories',
    method: 'GET',
    path: `/categories?limit=100&name=${encodeURIComponent(name)}`,
  });
  return (
    Array.isArray(list.body) &&
    (list.body as Array<{ name?: unknown }>).some(
      (category) => typeof category.name === 'string' && category.name.toLowerCase() === name.toLowerCase(),
    )
  );
}
