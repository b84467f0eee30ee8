// Generated from spec/ by `npm run generate:types`. Do not edit by hand.

export const ERROR_CODES = {
  INVALID_PARAMETER: { status: 400, description: "A path or query parameter breaks its schema; the message names it and the rule." },
  INVALID_BODY: { status: 400, description: "The JSON body breaks its schema; the message names the field and the rule." },
  MALFORMED_JSON: { status: 400, description: "The body is not well-formed JSON." },
  API_KEY_MISSING: { status: 401, description: "No X-API-Key header was sent." },
  API_KEY_INVALID: { status: 401, description: "The X-API-Key header names no known key." },
  API_KEY_BANNED: { status: 403, description: "The key is banned for a time after repeated requests while rate-limited; Retry-After says until when." },
  PET_NOT_FOUND: { status: 404, description: "No pet has this id." },
  CATEGORY_NOT_FOUND: { status: 404, description: "No category has this id." },
  ORDER_NOT_FOUND: { status: 404, description: "No order has this id." },
  INVENTORY_ITEM_NOT_FOUND: { status: 404, description: "No inventory entry tracks this pet." },
  ROUTE_NOT_FOUND: { status: 404, description: "No operation has this path." },
  METHOD_NOT_ALLOWED: { status: 405, description: "The path exists but not with this method." },
  CATEGORY_NAME_TAKEN: { status: 409, description: "Another category already has this name (compared without case)." },
  CATEGORY_IN_USE: { status: 409, description: "Pets still belong to the category." },
  PET_HAS_OPEN_ORDERS: { status: 409, description: "The pet has orders that are not complete." },
  PET_NOT_AVAILABLE: { status: 409, description: "The pet's status is not available" },
  INSUFFICIENT_STOCK: { status: 409, description: "The inventory holds fewer units than ordered." },
  ORDER_COMPLETED: { status: 409, description: "The order is complete and can no longer change or be cancelled." },
  ENDPOINT_SUNSET: { status: 410, description: "The operation has passed its sunset date; its Link header names the successor." },
  PAYLOAD_TOO_LARGE: { status: 413, description: "The body is over 32 KiB." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: "The body is not application/json." },
  UNKNOWN_CATEGORY: { status: 422, description: "The categoryId names no category." },
  UNKNOWN_PET: { status: 422, description: "The petId names no pet." },
  RATE_LIMITED: { status: 429, description: "The key is past its per-minute or per-day limit; Retry-After says when to retry." },
  INTERNAL_ERROR: { status: 500, description: "The service failed; retrying may help." },
  RESPONSE_VALIDATION_FAILED: { status: 500, description: "The service produced a response that breaks this contract (a bug in the service)." },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
