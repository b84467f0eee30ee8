// One page of a list as its envelope reads it (envelope-fields.ts): its facts, the URLs of the
// pages around it (absolute where the schema says format uri), the cursors that ask for them,
// and the keys of its first and last records.
import type { Request } from 'express';
import type { Collection } from '../../store/data-set.js';
import type { PageView } from './envelope-fields.js';
import { keyOf, type ListPage, type ListPaging, type OtherPage } from './list-page.js';

export function listPageView(req: Request, paging: ListPaging, page: ListPage, collection: Collection): PageView {
  const origin = () => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const exists = (which: OtherPage) => page.queryOf(which) !== undefined;
  return {
    facts: page.facts,
    exists,
    url(which, absolute) {
      const url = which === 'self' ? req.originalUrl : exists(which) ? paging.urlOf(req, page, which) : undefined;
      return url === undefined || !absolute ? url : `${origin()}${url}`;
    },
    token: (which) => page.tokenOf(which),
    key: (which) => keyOf(collection, which === 'first' ? page.items[0] : page.items.at(-1)),
  };
}
