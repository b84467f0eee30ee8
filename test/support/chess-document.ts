// A document in the shapes of Lichess's public API: a user's statistics for one kind of game
// read by {perf}, whose record holds its numbers in a field named `perf` too; tournaments made
// from a form, read whole, and listed as a summary of another schema in three groups; broadcasts
// listed in a page whose envelope has an id and a type of its own; streams of
// JSON values (NDJSON), one a drawn object, one an example list.
const variantName = { type: 'string', enum: ['standard', 'chess960', 'crazyhouse'] };

export const CHESS_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Chess server', version: '2.0.0' },
  paths: {
    '/api/user/{username}': {
      get: {
        operationId: 'apiUser',
        parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The user.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
          },
        },
      },
      patch: {
        operationId: 'updateUser',
        parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } },
          },
        },
        responses: {
          '200': {
            description: 'Some of the user changed, and a word of its own the record lacks.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  properties: { success: { type: 'string' }, id: { type: 'string' }, title: { type: 'string' } },
                  required: ['success', 'id'],
                },
              },
            },
          },
        },
      },
    },
    '/api/user/{username}/perf/{perf}': {
      get: {
        operationId: 'apiUserPerf',
        parameters: [
          { name: 'username', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'perf', in: 'path', required: true, schema: { type: 'string', enum: ['bullet', 'blitz', 'rapid'] } },
        ],
        responses: {
          '200': {
            description: 'The statistics of the user for one kind of game.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PerfStat' } } },
          },
        },
      },
    },
    '/api/user/{username}/studies': {
      get: {
        operationId: 'userStudies',
        parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The studies of a user, the default one at least.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    studies: {
                      type: 'array',
                      minItems: 1,
                      items: {
                        type: 'object',
                        properties: { id: { type: 'string' }, name: { type: 'string' } },
                        required: ['id', 'name'],
                      },
                    },
                  },
                  required: ['studies'],
                },
              },
            },
          },
        },
      },
    },
    '/api/tournament': {
      get: {
        operationId: 'apiTournament',
        responses: {
          '200': {
            description: 'Tournaments by state.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Tournaments' } } },
          },
        },
      },
      post: {
        operationId: 'apiTournamentPost',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string', minLength: 2, maxLength: 30 }, variant: variantName },
                required: ['name'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The tournament made.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TournamentFull' } } },
          },
        },
      },
    },
    '/api/tournament/{id}': {
      get: {
        operationId: 'tournament',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The tournament.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TournamentFull' } } },
          },
        },
      },
    },
    '/api/broadcast': {
      get: {
        operationId: 'broadcastsTop',
        responses: {
          '200': {
            description: 'A page of broadcasts, itself named like a record.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/BroadcastPage' } } },
          },
        },
      },
      post: {
        operationId: 'broadcastCreate',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  owner: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
                },
                required: ['name'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The broadcast made.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Broadcast' } } },
          },
        },
      },
    },
    '/api/broadcast/{broadcastId}': {
      get: {
        operationId: 'broadcast',
        parameters: [{ name: 'broadcastId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The broadcast.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Broadcast' } } },
          },
        },
      },
    },
    '/api/puzzles': {
      get: {
        operationId: 'puzzles',
        responses: {
          '200': {
            description: 'The puzzles, one JSON object per line.',
            content: { 'application/x-ndjson': { schema: { $ref: '#/components/schemas/Puzzle' } } },
          },
        },
      },
    },
    '/api/puzzles/{puzzleId}': {
      get: {
        operationId: 'puzzle',
        parameters: [{ name: 'puzzleId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The puzzle.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Puzzle' } } },
          },
          '404': { description: 'No such puzzle.' },
        },
      },
    },
    '/api/tv/channels': {
      get: {
        operationId: 'tvChannels',
        responses: {
          '200': {
            description: 'The channels, as JSON text sequences (RFC 7464).',
            content: { 'application/json-seq': { schema: { $ref: '#/components/schemas/TvFeedEvent' } } },
          },
        },
      },
    },
    '/api/game/{gameId}/export': {
      get: {
        operationId: 'gameExport',
        parameters: [{ name: 'gameId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The game in PGN, or its board as an image.',
            content: {
              'application/x-chess-pgn': { schema: { type: 'string' }, example: '[Event "Casual"]\n\n1. e4 e5 *\n' },
              'image/png': { schema: { type: 'string', format: 'binary' }, example: 'binary' },
            },
          },
        },
      },
    },
    '/api/tv/feed': {
      get: {
        operationId: 'tvFeed',
        responses: {
          '200': {
            description: 'The games shown, one JSON object per line.',
            content: { 'application/x-ndjson': { schema: { $ref: '#/components/schemas/TvFeedEvent' } } },
          },
        },
      },
    },
    '/api/game/{gameId}/chat': {
      get: {
        operationId: 'gameChat',
        parameters: [{ name: 'gameId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The messages of a game.',
            content: {
              'application/x-ndjson': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { text: { type: 'string' }, user: { type: 'string' } },
                    required: ['text', 'user'],
                  },
                },
                example: [
                  { text: 'e4 here we go', user: 'Toby' },
                  { text: 'Woof!', user: 'AnnoyingDog' },
                ],
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: { id: { type: 'string' }, username: { type: 'string' }, title: { type: 'string' } },
        required: ['id', 'username'],
      },
      PerfStat: {
        type: 'object',
        properties: {
          user: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          perf: {
            type: 'object',
            properties: {
              glicko: { type: 'object', properties: { rating: { type: 'number' }, deviation: { type: 'number' } } },
              nb: { type: 'integer' },
            },
          },
          rank: { type: ['integer', 'null'] },
        },
        required: ['user', 'perf'],
      },
      Variant: {
        type: 'object',
        properties: { key: variantName, name: { type: 'string' } },
        required: ['key', 'name'],
      },
      Tournament: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          createdBy: { type: 'string' },
          system: { type: 'string', const: 'arena' },
          variant: { $ref: '#/components/schemas/Variant' },
          startsAt: { type: 'integer', format: 'int64' },
        },
        required: ['id', 'createdBy', 'system', 'variant', 'startsAt'],
      },
      TournamentFull: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          fullName: { type: 'string' },
          createdBy: { type: 'string' },
          system: { type: 'string' },
          variant: { type: 'string' },
          startsAt: { type: 'string', format: 'date-time' },
        },
        required: ['id', 'fullName', 'createdBy', 'system', 'variant', 'startsAt'],
      },
      Tournaments: {
        type: 'object',
        properties: {
          created: { type: 'array', items: { $ref: '#/components/schemas/Tournament' } },
          started: { type: 'array', items: { $ref: '#/components/schemas/Tournament' } },
          finished: { type: 'array', items: { $ref: '#/components/schemas/Tournament' } },
        },
        required: ['created', 'started', 'finished'],
      },
      Broadcast: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string', const: 'broadcast' },
          name: { type: 'string' },
          owner: { $ref: '#/components/schemas/UserMini' },
        },
        required: ['id', 'type', 'name'],
      },
      UserMini: {
        type: 'object',
        properties: { id: { type: 'string' }, type: { type: 'string', const: 'user' }, name: { type: 'string' } },
        required: ['id', 'type', 'name'],
      },
      BroadcastPage: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string', const: 'page' },
          // The validator's url takes no loopback host: never the mock's own URL.
          self: { type: 'string', format: 'url' },
          entries: { type: 'array', items: { $ref: '#/components/schemas/Broadcast' } },
        },
        required: ['id', 'type', 'self', 'entries'],
      },
      Puzzle: {
        type: 'object',
        properties: { id: { type: 'string' }, rating: { type: 'integer' } },
        required: ['id', 'rating'],
      },
      TvFeedEvent: {
        type: 'object',
        properties: {
          t: { type: 'string', enum: ['featured', 'fen'] },
          d: {
            type: 'object',
            properties: { id: { type: 'string' }, fen: { type: 'string' } },
            required: ['id', 'fen'],
          },
        },
        required: ['t', 'd'],
      },
    },
  },
};
