// A document whose operations declare no success (a redirect, a teapot, a 410, `default` only, a
// 1xx only), as readme's http-status-codes reference does for each status; and one that declares
// no answer at all, which OpenAPI 3.1 allows (readme's 3.1 examples sketch operations so).

export const NO_SUCCESS_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Statuses', version: '1' },
  paths: {
    '/old-home': {
      get: {
        operationId: 'oldHome',
        responses: {
          '404': { description: 'Not here either' },
          '301': { description: 'Moved', headers: { Location: { schema: { type: 'string', format: 'uri' } } } },
        },
      },
    },
    '/teapot': {
      get: {
        operationId: 'brewCoffee',
        responses: {
          '503': { description: 'Out of order' },
          '418': {
            description: 'I am a teapot',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    '/gone': { delete: { operationId: 'removeGone', responses: { '410': { description: 'Gone for good' } } } },
    '/default-only': { get: { operationId: 'anyAnswer', responses: { default: { description: 'Whatever it is' } } } },
    '/status/100': { get: { operationId: 'keepGoing', responses: { '100': { description: 'Continue' } } } },
    '/sketch': { post: { operationId: 'sketchOnly' } },
  },
};
