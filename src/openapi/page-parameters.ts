// The names a list's paging goes by in its query, as APIs name them: limit and offset (take and
// skip: TypeORM's and Prisma's), a page number and a size (Spring Data's page and size, GitHub's
// per_page, Laravel's page), or a cursor: a token the server gave (Slack's cursor, Google's
// page_token, an iterator, Asana's text offset), or the key of the record to start after or end
// before (Stripe's starting_after and ending_before, OpenAI's after and before). Read by the mock
// to page a list and by the contract suite to check one.

export const PAGE_NUMBER = /^(page|pageNumber|page_number|pageNo|page_no|pageIndex|page_index)$/;
export const PAGE_SIZE =
  /^(limit|size|pageSize|page_size|perPage|per_page|pageLimit|page_limit|maxResults|max_results|take)$/;
export const OFFSET = /^(offset|skip)$/;

/** A cursor the server made (opaque to the client): an integer offset is not one, a text one is (Asana's). */
export const CURSOR_TOKEN =
  /^(cursor|page_token|pageToken|next_token|nextToken|page_cursor|pageCursor|continuation_token|continuationToken|continuation|iterator|starting_token|startingToken|offset)$/;
/** The key of the record a page starts after. */
export const CURSOR_AFTER = /^(starting_after|startingAfter|after|after_id|afterId|marker)$/;
/** The key of the record a page ends before. */
export const CURSOR_BEFORE = /^(ending_before|endingBefore|before|before_id|beforeId)$/;

/** The number of the first page: the schema's minimum when 0 or 1, else its default when 0, else 1. */
export function firstPageNumber(schema: { minimum?: unknown; default?: unknown }): number {
  if (schema.minimum === 0 || schema.minimum === 1) return schema.minimum;
  return schema.default === 0 ? 0 : 1;
}
