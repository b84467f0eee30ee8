// Generated from spec/ by `npm run generate:types`. Do not edit by hand.
export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pets
         * @description Pets matching every filter given, a page at a time, ordered by id.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Create a pet
         * @description Adds a pet. Its `status` is `available` when omitted (*Decided here*: a pet added to
         *     the store is for sale). The pet gets an inventory entry with quantity 0.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        /**
         * Read a pet (deprecated)
         * @deprecated
         * @description **Deprecated** since 2026-07-01 (*from the interface*; the date is *Decided here*) and
         *     **sunset on 2027-07-01** (*Decided here*). Use `getPet` (`GET /pets/by-id/{petId}`), which
         *     answers the same `Pet`. Every answer carries `Deprecation` (RFC 9745), `Sunset`
         *     (RFC 8594) and `Link` (RFC 8288) with the successor; from the sunset on, the operation
         *     answers `410 ENDPOINT_SUNSET`.
         */
        get: operations["getPetLegacy"];
        /**
         * Replace a pet
         * @description Replaces the pet's fields with the body (a full `NewPet`; an omitted `status` becomes
         *     `available`). Any status may follow any other (*Decided here*: the interface names no
         *     transitions, so none is refused). The inventory entry follows the pet's status.
         */
        put: operations["updatePet"];
        post?: never;
        /**
         * Delete a pet
         * @description Deletes the pet and its inventory entry. A pet with orders that are not complete cannot
         *     be deleted (`409 PET_HAS_OPEN_ORDERS`, *Decided here*: an open order must keep its pet).
         */
        delete: operations["deletePet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/by-id/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        /**
         * Read a pet
         * @description The pet with this id. Successor of the deprecated `getPetLegacy`.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories
         * @description Categories whose name contains `name` (if given), a page at a time, ordered by id.
         */
        get: operations["listCategories"];
        put?: never;
        /**
         * Create a category
         * @description Adds a category. Names are unique without regard to case (`409 CATEGORY_NAME_TAKEN`, *Decided here*).
         */
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{categoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a category. */
                categoryId: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        /**
         * Read a category
         * @description The category with this id.
         */
        get: operations["getCategory"];
        /**
         * Replace a category
         * @description Replaces the category's fields with the body; an omitted `description` is removed.
         */
        put: operations["updateCategory"];
        post?: never;
        /**
         * Delete a category
         * @description Deletes the category. One that pets still belong to cannot be deleted (`409 CATEGORY_IN_USE`, *Decided here*).
         */
        delete: operations["deleteCategory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Orders matching every filter given, a page at a time, ordered by id. `shipDateFrom` is
         *     inclusive and `shipDateTo` exclusive (*Decided here*: half-open ranges tile without overlap).
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order
         * @description Orders `quantity` units of a pet. The pet must exist (`422 UNKNOWN_PET`), be `available`
         *     (`409 PET_NOT_AVAILABLE`) and have at least that many units in the inventory
         *     (`409 INSUFFICIENT_STOCK`); placing the order takes them from the inventory. The order
         *     starts with `complete: false`; `shipDate` defaults to three days after placing
         *     (*Decided here*).
         */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of an order. */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        /**
         * Read an order
         * @description The order with this id.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        /**
         * Cancel an open order
         * @description Cancels an order that is not complete and puts its units back in the inventory.
         */
        delete: operations["cancelOrder"];
        options?: never;
        head?: never;
        /**
         * Change an open order
         * @description Changes the `shipDate` of an open order or marks it complete. `complete` only goes from
         *     `false` to `true`; a complete order no longer changes (`409 ORDER_COMPLETED`,
         *     *Decided here*: a fulfilled order is a record of the past). **Experimental**.
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/store/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the inventory
         * @description One entry per pet with its stock count and the pet's status, a page at a time. **Beta**.
         */
        get: operations["listInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/inventory/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        /**
         * Read a pet's stock
         * @description The inventory entry of this pet. **Beta**.
         */
        get: operations["getInventoryItem"];
        /**
         * Set a pet's stock
         * @description Sets the stock count of the pet to `quantity`. **Beta**.
         */
        put: operations["updateInventory"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Format: int64
         * @description A unique identifier assigned on creation. Decided here: positive, and at most 2^53-1 so that JavaScript clients read it exactly.
         */
        Id: number;
        /**
         * @description Status of a pet (from the interface).
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /** @description Input shape of a pet. */
        NewPet: {
            /** @description The animal's name (1 to 100 characters, Decided here). */
            name: string;
            /** @description Identifier of the category the animal belongs to; it must name an existing category. */
            categoryId: components["schemas"]["Id"];
            /**
             * @description Status of the pet; `available` when omitted (Decided here).
             * @default available
             */
            status?: components["schemas"]["PetStatus"];
        };
        /** @description A pet, with all fields of NewPet plus its id. */
        Pet: components["schemas"]["NewPet"] & {
            /** @description Unique identifier assigned on creation. */
            id: components["schemas"]["Id"];
        };
        /** @description An array of Pet objects. */
        Pets: components["schemas"]["Pet"][];
        /** @description Input shape of a category. */
        NewCategory: {
            /** @description Category name, for example a kind of animal (1 to 50 characters, unique without case, Decided here). */
            name: string;
            /** @description Short description of the category (at most 500 characters, Decided here). */
            description?: string;
        };
        /** @description A category, with all fields of NewCategory plus its id. */
        Category: components["schemas"]["NewCategory"] & {
            /** @description Unique identifier assigned on creation. */
            id: components["schemas"]["Id"];
        };
        /** @description An order for a pet. No field is required (from the interface). */
        Order: {
            /** @description Unique order identifier. */
            id?: components["schemas"]["Id"];
            /** @description Identifier of the animal in this order. */
            petId?: components["schemas"]["Id"];
            /** @description Number of units ordered (1 to 1,000, Decided here). */
            quantity?: number;
            /**
             * Format: date-time
             * @description Expected or actual ship date (ISO 8601).
             */
            shipDate?: string;
            /** @description Whether the order has been fulfilled. */
            complete?: boolean;
        };
        /** @description Input shape of an order (Decided here: the interface gives only Order, whose fields are all optional; an order cannot be placed without a pet and a quantity). */
        NewOrder: {
            /** @description Identifier of the animal to order. */
            petId: components["schemas"]["Id"];
            /** @description Number of units to order. */
            quantity: number;
            /**
             * Format: date-time
             * @description Requested ship date; three days after placing when omitted.
             */
            shipDate?: string;
        };
        /** @description Changes to an open order (Decided here). */
        OrderUpdate: {
            /**
             * Format: date-time
             * @description The new ship date.
             */
            shipDate?: string;
            /** @description `true` marks the order fulfilled; it cannot be set back to `false`. */
            complete?: boolean;
        };
        /** @description Stock count of one pet. */
        InventoryItem: {
            /** @description Identifier of the animal this entry tracks. */
            petId: components["schemas"]["Id"];
            /** @description Current stock count (0 to 1,000,000, Decided here). */
            quantity: number;
            /** @description Status of the tracked pet. */
            status: components["schemas"]["PetStatus"];
        };
        /** @description A new stock count. */
        InventoryUpdate: {
            /** @description The new stock count. */
            quantity: number;
        };
        /** @description The error object of every 4xx and 5xx answer. `status` equals the HTTP status; `code` is one of the `x-error-codes` of this document. */
        Error: {
            /** @description Machine-readable error code. */
            code: string;
            /** @description Human-readable description of what went wrong and what to do. */
            message: string;
            /** @description The HTTP status code. */
            status: number;
        };
    };
    responses: {
        /** @description The pet. */
        PetOk: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Pet"];
            };
        };
        /** @description The pet created. */
        PetCreated: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                Location: components["headers"]["Location"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Pet"];
            };
        };
        /** @description The category. */
        CategoryOk: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Category"];
            };
        };
        /** @description The category created. */
        CategoryCreated: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                Location: components["headers"]["Location"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Category"];
            };
        };
        /** @description The order. */
        OrderOk: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Order"];
            };
        };
        /** @description The pet's inventory entry. */
        InventoryItemOk: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "X-API-Stability": components["headers"]["X-API-Stability"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InventoryItem"];
            };
        };
        /** @description Deleted; no body. */
        Deleted: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description A parameter or the body breaks the contract, or the body is not JSON (or, from the mock, its X-Mock-Scope header is not a scope name). */
        BadRequest: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 400;
                    /** @enum {unknown} */
                    code?: "INVALID_PARAMETER" | "INVALID_BODY" | "MALFORMED_JSON" | "INVALID_SCOPE";
                };
            };
        };
        /** @description The API key is missing or unknown. */
        Unauthorized: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 401;
                    /** @enum {unknown} */
                    code?: "API_KEY_MISSING" | "API_KEY_INVALID";
                };
            };
        };
        /** @description The API key is banned for a time; `Retry-After` says when the ban lifts. */
        Banned: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 403;
                    /** @enum {unknown} */
                    code?: "API_KEY_BANNED";
                };
            };
        };
        /** @description No resource has this id. */
        NotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 404;
                    /** @enum {unknown} */
                    code?: "PET_NOT_FOUND" | "CATEGORY_NOT_FOUND" | "ORDER_NOT_FOUND" | "INVENTORY_ITEM_NOT_FOUND";
                };
            };
        };
        /** @description The pet has orders that are not complete. */
        PetConflict: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 409;
                    /** @enum {unknown} */
                    code?: "PET_HAS_OPEN_ORDERS";
                };
            };
        };
        /** @description The name is taken, or pets still belong to the category. */
        CategoryConflict: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 409;
                    /** @enum {unknown} */
                    code?: "CATEGORY_NAME_TAKEN" | "CATEGORY_IN_USE";
                };
            };
        };
        /** @description The pet cannot be ordered now, or the order is already complete. */
        OrderConflict: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 409;
                    /** @enum {unknown} */
                    code?: "PET_NOT_AVAILABLE" | "INSUFFICIENT_STOCK" | "ORDER_COMPLETED";
                };
            };
        };
        /** @description The body is over 32 KiB. */
        PayloadTooLarge: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 413;
                    /** @enum {unknown} */
                    code?: "PAYLOAD_TOO_LARGE";
                };
            };
        };
        /** @description The body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 415;
                    /** @enum {unknown} */
                    code?: "UNSUPPORTED_MEDIA_TYPE";
                };
            };
        };
        /** @description The body refers to a category or pet that does not exist. */
        UnknownReference: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 422;
                    /** @enum {unknown} */
                    code?: "UNKNOWN_CATEGORY" | "UNKNOWN_PET";
                };
            };
        };
        /** @description Past the key's per-minute or per-day limit; retry after `Retry-After`. */
        TooManyRequests: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 429;
                    /** @enum {unknown} */
                    code?: "RATE_LIMITED";
                };
            };
        };
        /** @description The service failed. */
        InternalError: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 500;
                    /** @enum {unknown} */
                    code?: "INTERNAL_ERROR" | "RESPONSE_VALIDATION_FAILED";
                };
            };
        };
        /** @description The service cannot answer right now (SERVICE_UNAVAILABLE, with `Retry-After`: retry after it, RFC 9110 section 15.6.4). The mock answers it only where it was asked to (a fault of kind `unavailable`, control API `POST /__mock/faults`). And the mock's own: the request names a scope it does not hold, and it holds as many as it may (TOO_MANY_SCOPES: drop a scope, or wait for an idle one to expire); or its shared state (serve --redis) cannot be reached (STATE_UNAVAILABLE: retry once Redis is back). */
        Unavailable: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After-Unavailable"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 503;
                    /** @enum {unknown} */
                    code?: "SERVICE_UNAVAILABLE" | "TOO_MANY_SCOPES" | "STATE_UNAVAILABLE";
                };
            };
        };
        /** @description Only the validation proxy (`petstore-mock proxy`) answers this, never the service: the upstream cannot be reached, cut the connection or sent an oversize answer (`UPSTREAM_UNAVAILABLE`), or, with `--errors`, its answer breaks this contract (`UPSTREAM_CONTRACT_VIOLATION`, the message naming each violation). The `X-RateLimit-*` values follow `x-proxy-rate-limit-headers`. */
        UpstreamFailed: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 502;
                    /** @enum {unknown} */
                    code?: "UPSTREAM_UNAVAILABLE" | "UPSTREAM_CONTRACT_VIOLATION";
                };
            };
        };
        /** @description Only the validation proxy (`petstore-mock proxy`) answers this, never the service: the upstream did not answer within `--upstream-timeout`. The `X-RateLimit-*` values follow `x-proxy-rate-limit-headers`. */
        UpstreamTimeout: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 504;
                    /** @enum {unknown} */
                    code?: "UPSTREAM_TIMEOUT";
                };
            };
        };
        /** @description The change could not be stored, and nothing of it was kept; reads still work. */
        StorageFailed: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    /** @constant */
                    status?: 507;
                    /** @enum {unknown} */
                    code?: "STORAGE_FAILED";
                };
            };
        };
    };
    parameters: {
        /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
        PetId: components["schemas"]["Id"];
        /** @description Identifier of a category. */
        CategoryId: components["schemas"]["Id"];
        /** @description Identifier of an order. */
        OrderId: components["schemas"]["Id"];
        /** @description Only entries whose pet has this status. */
        PetStatusFilter: components["schemas"]["PetStatus"];
        /** @description Only pets of this category. */
        CategoryIdFilter: components["schemas"]["Id"];
        /** @description Only entries whose name contains this text, compared without case. */
        NameFilter: string;
        /** @description Largest number of items in the page (Decided here: 1 to 100, default 20). */
        Limit: number;
        /** @description Number of matching items to skip before the page starts. */
        Offset: number;
    };
    requestBodies: {
        NewPet: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        NewCategory: {
            content: {
                "application/json": components["schemas"]["NewCategory"];
            };
        };
    };
    headers: {
        /** @description The limit of the window with the fewest requests remaining (per minute or per day; on a tie, per minute, but per day where both are used up). For a request without a valid key: the Free plan's per-minute window of its client address. */
        "X-RateLimit-Limit": number;
        /** @description Requests remaining in that window; never above X-RateLimit-Limit. */
        "X-RateLimit-Remaining": number;
        /** @description Unix time, in seconds, at which that window ends. */
        "X-RateLimit-Reset": number;
        /** @description When to retry (RFC 9110, section 10.2.3): delta-seconds (Decided here). Clients must also accept the HTTP-date form, which RFC 9110 allows. */
        "Retry-After": string;
        /** @description When to retry a 503 (RFC 9110, sections 10.2.3 and 15.6.4), in the same form as a 429's `Retry-After`: sent with SERVICE_UNAVAILABLE (Decided here), absent from the mock's own TOO_MANY_SCOPES and STATE_UNAVAILABLE, whose end it cannot tell. */
        "Retry-After-Unavailable": string;
        /** @description When the operation was deprecated, as an RFC 9745 structured date (`@` and Unix seconds). */
        Deprecation: string;
        /** @description When the operation stops working, as an RFC 8594 HTTP-date. */
        Sunset: string;
        /** @description RFC 8288 links: the successor operation (`rel="successor-version"`), the deprecation notice (`rel="deprecation"`, RFC 9745) and the sunset policy (`rel="sunset"`, RFC 8594). */
        DeprecationLink: string;
        /** @description RFC 8288 links to the `first`, `prev`, `next` and `last` pages, where they exist. */
        PageLink: string;
        /** @description Number of items matching the filters, over all pages. */
        "X-Total-Count": number;
        /** @description Path of the created resource. */
        Location: string;
        /** @description The operation's stability when it is not stable (`beta` or `experimental`). */
        "X-API-Stability": "beta" | "experimental";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /** @description Only entries whose pet has this status. */
                status?: components["parameters"]["PetStatusFilter"];
                /** @description Only pets of this category. */
                categoryId?: components["parameters"]["CategoryIdFilter"];
                /** @description Only entries whose name contains this text, compared without case. */
                name?: components["parameters"]["NameFilter"];
                /** @description Largest number of items in the page (Decided here: 1 to 100, default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of matching items to skip before the page starts. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of pets. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["PageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["NewPet"];
        responses: {
            201: components["responses"]["PetCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnknownReference"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    getPetLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pet, with the deprecation headers. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            /** @description Past the sunset date; use `getPet`. */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @constant */
                        status?: 410;
                        /** @enum {unknown} */
                        code?: "ENDPOINT_SUNSET";
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    updatePet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["NewPet"];
        responses: {
            200: components["responses"]["PetOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnknownReference"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    deletePet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Deleted"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["PetConflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PetOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    listCategories: {
        parameters: {
            query?: {
                /** @description Only entries whose name contains this text, compared without case. */
                name?: components["parameters"]["NameFilter"];
                /** @description Largest number of items in the page (Decided here: 1 to 100, default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of matching items to skip before the page starts. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of categories. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["PageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["NewCategory"];
        responses: {
            201: components["responses"]["CategoryCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            409: components["responses"]["CategoryConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    getCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a category. */
                categoryId: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CategoryOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    updateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a category. */
                categoryId: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["NewCategory"];
        responses: {
            200: components["responses"]["CategoryOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["CategoryConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    deleteCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a category. */
                categoryId: components["parameters"]["CategoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Deleted"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["CategoryConflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Only orders for this pet. */
                petId?: components["schemas"]["Id"];
                /** @description Only complete (`true`) or open (`false`) orders. */
                complete?: boolean;
                /** @description Only orders shipping at or after this time. */
                shipDateFrom?: string;
                /** @description Only orders shipping before this time. */
                shipDateTo?: string;
                /** @description Largest number of items in the page (Decided here: 1 to 100, default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of matching items to skip before the page starts. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["PageLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewOrder"];
            };
        };
        responses: {
            /** @description The order placed. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnknownReference"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of an order. */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OrderOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of an order. */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Deleted"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of an order. */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderUpdate"];
            };
        };
        responses: {
            /** @description The order as changed. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-API-Stability": components["headers"]["X-API-Stability"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
    listInventory: {
        parameters: {
            query?: {
                /** @description Only entries whose pet has this status. */
                status?: components["parameters"]["PetStatusFilter"];
                /** @description Largest number of items in the page (Decided here: 1 to 100, default 20). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of matching items to skip before the page starts. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of inventory entries, ordered by petId. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["PageLink"];
                    "X-API-Stability": components["headers"]["X-API-Stability"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    getInventoryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["InventoryItemOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    updateInventory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of a pet (an integer, int64, Decided here to match Pet.id). */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InventoryUpdate"];
            };
        };
        responses: {
            200: components["responses"]["InventoryItemOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Banned"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["Unavailable"];
            504: components["responses"]["UpstreamTimeout"];
            507: components["responses"]["StorageFailed"];
        };
    };
}
