// Generated from spec/ by `npm run generate:types`. Do not edit by hand.
export interface paths {
    "/state": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * Read the whole simulation state
         * @description Every key with its plan, limits, counters per window and ban; the storms; the faults; latency; settings; the clock.
         */
        get: operations["getState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Put a key on a plan (creating it if new)
         * @description Without `limits`, the plan's own limits apply (enterprise: those of demo-enterprise, 10,000 a minute and 1,000,000 a day). The key is kept in the data file (a scope's, in the scope's memory).
         */
        put: operations["putKey"];
        post?: never;
        /**
         * Delete a key
         * @description The key stops working at once; its counters and record are forgotten.
         */
        delete: operations["deleteKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/ban": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban a key for a time
         * @description Without `seconds`, the configured ban duration. Other keys are not touched.
         */
        post: operations["banKey"];
        /**
         * Lift a key's ban
         * @description Lift a key's ban.
         */
        delete: operations["liftBan"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/counters": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Set a key's windows (requests used, and when each window ends)
         * @description Puts a key where a test needs it without sending requests or moving the clock: `used`
         *     sets the requests counted in the window, `resetsInSeconds` makes the window end that many
         *     seconds from now (on a whole second, so that `X-RateLimit-Reset` names it exactly: at
         *     most that far, and more than a second less). A window set this way runs to its end,
         *     then windows follow the clock in UTC again. For example `{"minute": {"used": 60,
         *     "resetsInSeconds": 3}}` puts a Free key at its limit for 3 s. A limit the key was under is
         *     forgotten with its count toward a ban; a ban stays.
         */
        put: operations["setKeyCounters"];
        post?: never;
        /**
         * Reset a key's counters, limit and ban
         * @description Reset a key's counters, limit and ban.
         */
        delete: operations["resetKeyCounters"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/requests": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        /**
         * The requests a key made
         * @description Oldest first, each with its time on the mock's clock and its answer; the newest 1,000 are kept.
         */
        get: operations["listKeyRequests"];
        put?: never;
        post?: never;
        /**
         * Forget a key's record
         * @description Forget a key's record.
         */
        delete: operations["clearKeyRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/compliance": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        /**
         * Did the client honour the limits?
         * @description From the key's record: after each 429, 403 or 503 with Retry-After, did the next request wait the
         *     `Retry-After` (`retried-too-early`), did it keep calling during a ban
         *     (`called-while-banned`), and did successive retries back off with growing gaps
         *     (`no-backoff`)?
         */
        get: operations["getKeyCompliance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/timeline": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        /**
         * The key's requests over time, as the dashboard draws them
         * @description The key's recorded requests of the last `minutes` of the mock's clock, oldest first, each
         *     with its outcome (`answered`, `rate-limited` for a 429 of the key's own limit, `storm`
         *     for a 429 of a storm, `banned` for a 403 while banned, `fault` for an answer a fault
         *     broke or a fault's 503, `error` for any other 4xx or 5xx),
         *     its number among the key's requests in its minute window (refused ones included), and
         *     whether it came too early: what the compliance report calls `retried-too-early` or
         *     `called-while-banned`. Beside them, the windows in which the client was told to wait
         *     (each refusal's time plus its `Retry-After`), the bans (from the first request a ban
         *     refused, which is the one that caused it when the client's own requests did, until it
         *     lifts), the key's per-minute limit now, and the count of each outcome. The dashboard's
         *     timeline draws exactly these points, so that an SDK's test can assert on what a person
         *     sees there.
         */
        get: operations["getKeyTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * The latest requests of every key
         * @description Newest first, each with its key, time on the mock's clock and answer; what the dashboard shows.
         */
        get: operations["listRecentRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storms": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * The storms, running and finished
         * @description The storms, running and finished.
         */
        get: operations["listStorms"];
        put?: never;
        /**
         * Start a 429 storm
         * @description Every field is optional; the default storm answers 429 to every request of every key until
         *     stopped. `requests` counts the requests the storm covers (those of its keys and
         *     operations), whether or not each was answered 429. Storm answers are recorded, but never
         *     count toward a ban.
         */
        post: operations["startStorm"];
        /**
         * Stop every storm
         * @description Stop every storm.
         */
        delete: operations["stopStorms"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storms/{stormId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description The storm's id. */
                stormId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop one storm
         * @description Stop one storm.
         */
        delete: operations["stopStorm"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * The faults, running and finished
         * @description The faults, running and finished.
         */
        get: operations["listFaults"];
        put?: never;
        /**
         * Make answers fail otherwise than with 429
         * @description Only `kind` is needed; the rest covers requests as a storm does: by default every request
         *     of every key until stopped; `requests` counts the requests the fault covers (those of its
         *     keys and operations), whether or not each failed; a `fraction` of them fails, spread
         *     evenly. Kinds:
         *
         *     - `reset`: the request is carried out (a create is stored), then its connection is reset
         *       (TCP RST) before a byte of the answer;
         *     - `cut`: the answer's head and half of its body, then the connection closes, short of
         *       its `Content-Length` (an answer without a body is reset instead);
         *     - `stall`: the answer's head, then silence for `stallSeconds` (default 300: longer than
         *       any sane client timeout), then the connection closes; a stop of the mock ends it at once;
         *     - `unavailable`: `503 SERVICE_UNAVAILABLE` with `Retry-After` (`retryAfterSeconds`, or
         *       the seconds the fault has left, or 1) instead of the answer; nothing is carried out.
         *
         *     Faults go into the request record (`fault`), the compliance report (a 503's
         *     `Retry-After` is judged as a 429's) and the timeline, never toward a ban. The proxy
         *     applies them to its own answers, in front of the upstream.
         */
        post: operations["startFault"];
        /**
         * Stop every fault
         * @description Stop every fault (a stalled answer already under way runs its course).
         */
        delete: operations["stopFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults/{faultId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description The fault's id. */
                faultId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop one fault
         * @description Stop one fault.
         */
        delete: operations["stopFault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latency": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add latency to the API's answers
         * @description A fixed delay (`ms`) or a random one from `minMs` to `maxMs`, for every operation or those named. Real time, not the mock's clock.
         */
        put: operations["setLatency"];
        post?: never;
        /**
         * Remove the added latency
         * @description Remove the added latency.
         */
        delete: operations["clearLatency"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the form of Retry-After or the ban policy
         * @description Change the form of Retry-After or the ban policy.
         */
        patch: operations["updateSettings"];
        trace?: never;
    };
    "/clock": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * Read the mock's clock
         * @description Read the mock's clock.
         */
        get: operations["getClock"];
        put?: never;
        /**
         * Advance, set, freeze or unfreeze the clock
         * @description One or more of `now` (set), `advanceSeconds` (then advance), `frozen`.
         */
        post: operations["moveClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset": {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Back to the start
         * @description Data from the fixtures, counters, bans, storms, faults, latency, settings, records and the clock back to how the server started; only in the scope the request addresses (a scope goes back to how every scope starts), the others are not touched.
         */
        post: operations["resetMock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scopes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scopes the mock holds
         * @description Every scope, oldest first, with when it was made and last used (real time, which idle expiry goes by) and how many requests it has served. The default scope is not one of them.
         */
        get: operations["listScopes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scopes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scope's name. */
                name: components["schemas"]["ScopeName"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Drop a scope
         * @description Its world is forgotten at once; requests under way in it finish. A later request naming it makes it anew, from the start.
         */
        delete: operations["deleteScope"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/violations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The contract violations the proxy saw
         * @description In `petstore-mock proxy` mode, every breach of the contract by a request or by the upstream's answer, oldest first, the newest 500 kept, per scope. A mock (`serve`) never answers with a breach, so its list stays empty.
         */
        get: operations["listViolations"];
        put?: never;
        post?: never;
        /**
         * Forget the violations
         * @description Empties the scope's list of violations (a CI job does so between its suites).
         */
        delete: operations["clearViolations"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How each operation of the contract is answered
         * @description Every operation of the contract being served (the built-in one, or the one given with `--contract`), in its order, with how the mock answers it: by the Pet Store's own rules (`rules`, with what they check and do), by the convention of its shape (`convention`: a collection's list or create, an item's read, replace, merge or delete, with its collection and filters), from its examples or schema (`examples`), or, in `petstore-mock proxy`, by the upstream (`upstream`).
         */
        get: operations["listOperations"];
        put?: never;
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
        ContractViolation: {
            /** @description The operation of the exchange. */
            operationId: string;
            /**
             * @description Which side broke the contract: the request, the answer, or (`contract`) the contract itself, when the mock gave an answer it does not declare (a 404 of an operation that declares none).
             * @enum {string}
             */
            location: "request" | "response" | "contract";
            /** @description Where */
            message: string;
            /**
             * Format: date-time
             * @description When (real time).
             */
            at: string;
            /** @description A curl command that sends the request again to the upstream. */
            curl: string;
        };
        ContractViolations: {
            violations: components["schemas"]["ContractViolation"][];
        };
        ScopeName: string;
        ScopeSummary: {
            name: components["schemas"]["ScopeName"];
            /**
             * Format: date-time
             * @description When its first request came (real time).
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its latest request came (real time).
             */
            lastUsedAt: string;
            /**
             * Format: date-time
             * @description When it is dropped unless used again (real time).
             */
            expiresAt: string;
            /** @description Requests it has served */
            requests: number;
        };
        Scopes: {
            scopes: components["schemas"]["ScopeSummary"][];
            /** @description At most this many at once (serve --max-scopes). */
            maxScopes: number;
            /** @description A scope unused this long is dropped (serve --scope-idle-seconds). */
            idleSeconds: number;
        };
        /** @enum {string} */
        PlanName: "free" | "pro" | "business" | "enterprise";
        Limits: {
            perMinute: number;
            perDay: number;
        };
        KeyPlan: {
            plan: components["schemas"]["PlanName"];
            limits?: components["schemas"]["Limits"];
        };
        WindowUse: {
            limit: number;
            used: number;
            remaining: number;
            /** Format: date-time */
            resetsAt: string;
        };
        KeyState: {
            key: string;
            plan: components["schemas"]["PlanName"];
            limits: components["schemas"]["Limits"];
            minute: components["schemas"]["WindowUse"];
            day: components["schemas"]["WindowUse"];
            /** @description Past a limit; its requests get 429. */
            limited: boolean;
            /** Format: date-time */
            limitedUntil?: string;
            /** @description Requests sent while limited */
            requestsWhileLimited?: number;
            banned: boolean;
            /** Format: date-time */
            bannedUntil?: string;
        };
        StormSpec: {
            /** @description How long it lasts. */
            seconds?: number;
            /** @description How many covered requests it lasts. */
            requests?: number;
            /** @description Share of covered requests answered 429 (default 1), spread evenly. */
            fraction?: number;
            /** @description Only these keys (default all). */
            keys?: string[];
            /** @description Only these operationIds (default all). */
            operations?: string[];
            /** @description Retry-After of its 429s (default: the seconds it has left, or 1). */
            retryAfterSeconds?: number;
        };
        Storm: {
            id: string;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            endsAt?: string;
            requestLimit?: number;
            fraction: number;
            keys?: string[];
            operations?: string[];
            retryAfterSeconds?: number;
            /** @description Requests it covered so far. */
            covered: number;
            /** @description Of those */
            refused: number;
            running: boolean;
        };
        /**
         * @description reset (the connection reset before the answer), cut (the answer cut short of its Content-Length), stall (the head, then silence), unavailable (503 with Retry-After).
         * @enum {string}
         */
        FaultKind: "reset" | "cut" | "stall" | "unavailable";
        FaultSpec: {
            kind: components["schemas"]["FaultKind"];
            /** @description How long it lasts. */
            seconds?: number;
            /** @description How many covered requests it lasts. */
            requests?: number;
            /** @description Share of covered requests that fail (default 1), spread evenly. */
            fraction?: number;
            /** @description Only these keys (default all). */
            keys?: string[];
            /** @description Only these operationIds (default all). */
            operations?: string[];
            /** @description unavailable: Retry-After of its 503s (default: the seconds it has left, or 1). */
            retryAfterSeconds?: number;
            /** @description stall: how long the silence lasts before the connection closes (default 300). */
            stallSeconds?: number;
        };
        Fault: {
            id: string;
            kind: components["schemas"]["FaultKind"];
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            endsAt?: string;
            requestLimit?: number;
            fraction: number;
            keys?: string[];
            operations?: string[];
            retryAfterSeconds?: number;
            stallSeconds?: number;
            /** @description Requests it covered so far. */
            covered: number;
            /** @description Of those */
            failed: number;
            running: boolean;
        };
        WindowCounters: {
            /** @description Requests counted in the window. */
            used?: number;
            /** @description The window ends this many seconds from now (on a whole second). */
            resetsInSeconds?: number;
        };
        KeyCounters: {
            minute?: components["schemas"]["WindowCounters"] & {
                resetsInSeconds?: unknown;
            };
            day?: components["schemas"]["WindowCounters"] & {
                resetsInSeconds?: unknown;
            };
        };
        /** @description Either `ms`, or `minMs` and `maxMs`. */
        Latency: {
            ms?: number;
            minMs?: number;
            maxMs?: number;
            operations?: string[];
        };
        Settings: {
            /** @enum {string} */
            retryAfterFormat: "seconds" | "http-date";
            ban: {
                /** @description Requests while limited that ban a key. */
                threshold: number;
                /** @description How long a ban lasts. */
                seconds: number;
            };
        };
        SettingsUpdate: {
            /** @enum {string} */
            retryAfterFormat?: "seconds" | "http-date";
            ban?: {
                threshold?: number;
                seconds?: number;
            };
        };
        ClockState: {
            /** Format: date-time */
            now: string;
            frozen: boolean;
        };
        /** @description The clock keeps to 1970-01-01T00:00:00Z (the Unix epoch of `X-RateLimit-Reset`) through 8999-12-31T23:59:59.999Z, so that every time it adds to now (a ban, a window's reset) is a valid date: a change that would take it outside is refused whole with `400 INVALID_BODY`. A leap second (`23:59:60`) is no instant the mock can hold and is refused with 400, as in every date-time of both APIs. */
        ClockChange: {
            /** Format: date-time */
            now?: string;
            advanceSeconds?: number;
            frozen?: boolean;
        };
        OperationAnswers: {
            /** @description The contract being served. */
            contract: {
                title: string;
                version: string;
                /** @description `built-in`, or the name of the file given with `--contract` (its folder left out). */
                source: string;
            };
            operations: components["schemas"]["OperationAnswer"][];
        };
        OperationAnswer: {
            operationId: string;
            /** @enum {string} */
            method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
            /** @description The path template under the base path, e.g. /pets/{petId}. */
            path: string;
            /**
             * @description `rules`: the Pet Store's own rules, written for this operationId; `convention`: the convention of its shape, read from the contract; `examples`: its examples, or a value generated from its schema; `upstream`: forwarded by the validation proxy.
             * @enum {string}
             */
            answeredBy: "rules" | "convention" | "examples" | "upstream";
            /** @description What the mock does */
            how: string;
            /** @description The credentials it takes, as the contract declares them (`the X-API-Key header`, `Authorization: Bearer <key>`, `the query parameter api_key`...); empty when it is open to all. A demo key (or any key of the control API) works in each. */
            credentials?: string[];
            /** @description The error answers it declares (exact status, `4XX` or `default`), in whose shape the mock writes every error of that status. */
            errors?: {
                /** @description As declared: 404, 4XX or default. */
                status: string;
                /** @description None for an answer without a body. */
                mediaTypes: string[];
                /** @description The top-level fields of its body (type, title, status, detail...). */
                fields: string[];
            }[];
            /** @description Answers the mock may give truthfully that the operation does not declare (`404: a record that is not there`); each is given all the same, with X-Mock-Contract-Gap. */
            gaps?: string[];
        };
        State: {
            clock: components["schemas"]["ClockState"];
            keys: components["schemas"]["KeyState"][];
            storms: components["schemas"]["Storm"][];
            faults: components["schemas"]["Fault"][];
            latency?: components["schemas"]["Latency"];
            settings: components["schemas"]["Settings"];
            /**
             * @description Open on loopback, or behind the control token.
             * @enum {string}
             */
            controlApi?: "open" | "token";
            /** @description The scope this state is of; absent for the default scope. */
            scope?: components["schemas"]["ScopeName"];
        };
        RecordedRequest: {
            index: number;
            /** Format: date-time */
            at: string;
            method: string;
            path: string;
            operationId?: string;
            status: number;
            code?: string;
            retryAfterSeconds?: number;
            storm?: boolean;
            /** @description The fault that broke this request's answer (its status is the answer the client never got whole), or answered it 503. */
            fault?: components["schemas"]["FaultKind"];
        };
        /** @description A recorded request with the key that made it. */
        KeyedRequest: components["schemas"]["RecordedRequest"] & {
            key: string;
        };
        Violation: {
            /** @enum {string} */
            kind: "retried-too-early" | "called-while-banned" | "no-backoff";
            message: string;
            /** Format: date-time */
            at: string;
            requestIndex: number;
            afterRequestIndex: number;
            waitedSeconds: number;
            requiredSeconds?: number;
        };
        ComplianceReport: {
            key: string;
            compliant: boolean;
            requests: number;
            refused: number;
            honouredRetryAfter: boolean;
            calledDuringBan: boolean;
            backedOff: boolean;
            retryGapsSeconds: number[][];
            violations: components["schemas"]["Violation"][];
        };
        /**
         * @description What became of a request: answered (any status below 400), rate-limited (429 of the key's own limit), storm (429 of a storm), banned (403 API_KEY_BANNED), fault (its answer broken by a fault, or a fault's 503), error (any other 4xx or 5xx).
         * @enum {string}
         */
        TimelineOutcome: "answered" | "rate-limited" | "storm" | "banned" | "fault" | "error";
        /** @description A recorded request as the timeline draws it. */
        TimelinePoint: components["schemas"]["RecordedRequest"] & {
            outcome: components["schemas"]["TimelineOutcome"];
            /** @description Sent before the Retry-After of the refusal before it had passed (the compliance report's retried-too-early or called-while-banned). */
            tooEarly: boolean;
            /** @description The request's number among the key's requests in its minute window (fixed, UTC), refused ones included: past the per-minute limit, a request is refused. */
            minuteCount: number;
            /**
             * Format: date-time
             * @description For a refusal, until when the client was told to wait (its time plus Retry-After).
             */
            waitUntil?: string;
        };
        TimelineSpan: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            until: string;
            /** @description The request that was told to wait, or the first one the ban refused. */
            requestIndex: number;
        };
        /** @description A window in which the client was told to wait, by one refusal. */
        TimelineWait: components["schemas"]["TimelineSpan"] & {
            outcome: components["schemas"]["TimelineOutcome"];
        };
        Timeline: {
            key: string;
            /**
             * Format: date-time
             * @description The start of the span: `minutes` before `to`.
             */
            from: string;
            /**
             * Format: date-time
             * @description The mock's clock now.
             */
            to: string;
            /** @description The key's per-minute limit now. */
            perMinute: number;
            points: components["schemas"]["TimelinePoint"][];
            /** @description The waits that reach into the span, one per refusal, oldest first. */
            waits: components["schemas"]["TimelineWait"][];
            /** @description The bans that reach into the span, oldest first. */
            bans: components["schemas"]["TimelineSpan"][];
            /** @description How many of the points have each outcome, and how many came too early. */
            counts: {
                answered: number;
                "rate-limited": number;
                storm: number;
                banned: number;
                fault: number;
                error: number;
                tooEarly: number;
            };
        };
        Error: {
            code: string;
            message: string;
            status: number;
        };
    };
    responses: {
        /** @description The request breaks this contract, or its X-Mock-Scope header is not a scope name. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The control token is required. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The control API is closed (listening beyond loopback without a token), or the request names another host or comes from another origin's page. */
        Closed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such key, storm, fault or scope. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is over 32 KiB. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not application/json. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The change to the data could not be stored, and nothing of it was kept; reads still work. */
        StorageFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request names a new scope, and the mock holds as many as it may (TOO_MANY_SCOPES, serve --max-scopes); or the mock's shared state (serve --redis) cannot be reached (STATE_UNAVAILABLE: retry once Redis is back). */
        TooManyScopes: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description An API key. */
        Key: string;
        /** @description The scope the request addresses (made by its first request); without it, the default scope. */
        Scope: components["schemas"]["ScopeName"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getState: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["State"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    putKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyPlan"];
            };
        };
        responses: {
            /** @description The key as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
            507: components["responses"]["StorageFailed"];
        };
    };
    deleteKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
            507: components["responses"]["StorageFailed"];
        };
    };
    banKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    seconds?: number;
                };
            };
        };
        responses: {
            /** @description The key, banned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    liftBan: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, no longer banned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    setKeyCounters: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyCounters"];
            };
        };
        responses: {
            /** @description The key as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    resetKeyCounters: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key with fresh counters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    listKeyRequests: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordedRequest"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    clearKeyRequests: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    getKeyCompliance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComplianceReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    getKeyTimeline: {
        parameters: {
            query?: {
                /** @description How many minutes of the mock's clock, up to now (1 to 1,440, default 10). */
                minutes?: number;
            };
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description An API key. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The timeline. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Timeline"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    listRecentRequests: {
        parameters: {
            query?: {
                /** @description How many (1 to 200, default 50). */
                limit?: number;
            };
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest requests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyedRequest"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    listStorms: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The storms. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Storm"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    startStorm: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StormSpec"];
            };
        };
        responses: {
            /** @description The storm started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Storm"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    stopStorms: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    stopStorm: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description The storm's id. */
                stormId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The faults. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    startFault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultSpec"];
            };
        };
        responses: {
            /** @description The fault started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    stopFaults: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    stopFault: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path: {
                /** @description The fault's id. */
                faultId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    setLatency: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Latency"];
            };
        };
        responses: {
            /** @description The latency now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Latency"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    clearLatency: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettingsUpdate"];
            };
        };
        responses: {
            /** @description The settings now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    moveClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockChange"];
            };
        };
        responses: {
            /** @description The clock after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["TooManyScopes"];
        };
    };
    resetMock: {
        parameters: {
            query?: never;
            header?: {
                /** @description The scope the request addresses (made by its first request); without it, the default scope. */
                "X-Mock-Scope"?: components["parameters"]["Scope"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            503: components["responses"]["TooManyScopes"];
            507: components["responses"]["StorageFailed"];
        };
    };
    listScopes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scopes, and the limits they live under. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scopes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
        };
    };
    deleteScope: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scope's name. */
                name: components["schemas"]["ScopeName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dropped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
            404: components["responses"]["NotFound"];
        };
    };
    listViolations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The violations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractViolations"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
        };
    };
    clearViolations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
        };
    };
    listOperations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationAnswers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Closed"];
        };
    };
}
