// The names a list's paging goes by in its query, as APIs name them: limit and offset (or skip),
// or a page number and a size (Spring Data's page and size, GitHub's per_page, Laravel's page).
// Read by the mock to page a list and by the contract suite to check one.

export const PAGE_NUMBER = /^(page|pageNumber|page_number|pageNo|page_no|pageIndex|page_index)$/;
export const PAGE_SIZE = /^(limit|size|pageSize|page_size|perPage|per_page|pageLimit|page_limit)$/;
export const OFFSET = /^(offset|skip)$/;

/** The number of the first page: the schema's minimum when 0 or 1, else its default when 0, else 1. */
export function firstPageNumber(schema: { minimum?: unknown; default?: unknown }): number {
  if (schema.minimum === 0 || schema.minimum === 1) return schema.minimum;
  return schema.default === 0 ? 0 : 1;
}
