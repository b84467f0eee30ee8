// A list (GET of a collection's path): the records its filters and paging take, in the envelope
// its answer declares (none for a stream of JSON values, whose schema is one record's), with the
// page's headers where declared; under a parent, only that parent's records, and its 404.
import { jsonStreamOf } from '../../openapi/media-types.js';
import type { StoredRecord } from '../../store/data-set.js';
import { ownValue } from '../../store/own-keys.js';
import type { PlannedAnswer } from '../handler-types.js';
import { sendAnswer } from './answer-media.js';
import type { ConventionPlan } from './convention-plan.js';
import { describeEnvelope, fewestRecordsFiller, listEnvelope, mostRecordsOf } from './list-envelope.js';
import { describeFilters, requestFilter } from './list-filter.js';
import { listPageView } from './list-page-view.js';
import { listPaging } from './list-paging.js';

export function planList(plan: ConventionPlan): PlannedAnswer {
  const { deps, operation, resource, answer, scope, under, project, apart } = plan;
  const { collection } = resource;
  // A stream's schema is one record's (Lichess's team members, one a line): no envelope.
  const streamed = answer.media.some((media) => media.schema === answer.schema && jsonStreamOf(media.type));
  const envelope = streamed ? undefined : listEnvelope(deps.contract.document, answer.schema, resource.recordSchema);
  const mostRecords = mostRecordsOf(deps.contract.document, answer.schema, envelope);
  const fewest = fewestRecordsFiller(deps.contract.document, answer.schema, envelope, resource.noun);
  const paging = listPaging(deps.contract, operation, resource, mostRecords);
  const { rules, ignored } = describeFilters(deps.contract, operation, resource.shape, paging.parameters);
  // The page's headers as the answer declares them: a draft's list may declare neither.
  const totalCountHeader = answer.declares('X-Total-Count');
  const linkHeader = answer.declares('Link');
  const filters = rules.map((rule) =>
    rule.match === 'equals' && rule.field === rule.parameter
      ? rule.parameter
      : `${rule.parameter} (${rule.match}${rule.field === rule.parameter ? '' : ` ${rule.field}`})`,
  );
  return {
    ...(scope ? { mayAnswer: [404] } : {}),
    how:
      `lists ${resource.name}${under}` +
      (filters.length > 0 ? `, filtered by ${filters.join(', ')}` : '') +
      paging.described +
      (envelope ? `; answers in ${describeEnvelope(envelope)}` : '') +
      (ignored.length > 0 ? `; ignores ${ignored.join(', ')} (no field of that name)` : ''),
    make: (world) => async (req, res) => {
      const parentKey = scope?.keyOf(req);
      const inScope =
        scope && parentKey !== undefined
          ? (record: StoredRecord) => ownValue(record, scope.field) === parentKey
          : undefined;
      const matches = requestFilter(rules, req, inScope);
      const page = await world.data.read(async (view) => {
        if (scope && parentKey !== undefined) await scope.require(view, req);
        return paging.read(view, collection, req, matches);
      });
      const projected = page.items.map(project);
      const fitted = apart ? await Promise.all(projected.map((item) => apart(item, world.seed))) : projected;
      const items = fewest ? await fewest(fitted, world.seed) : fitted;
      if (totalCountHeader) res.setHeader('X-Total-Count', String(page.total));
      const link = linkHeader ? paging.link(req, page) : undefined;
      if (link) res.setHeader('Link', link);
      const context = { document: deps.contract.document, nowMs: world.clock.nowMs() };
      if (!envelope) {
        sendAnswer(req, res, answer, items, context);
        return;
      }
      const view = listPageView(req, paging, page, collection);
      sendAnswer(req, res, answer, envelope.body(items, view, await envelope.drawnValues(world.seed)), context);
    },
  };
}
