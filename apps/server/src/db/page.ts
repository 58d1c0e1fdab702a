// One page of a list call (pages counted from 1, pageSize rows each): the rows its query skips and
// takes, and the answer every list shares: the page's items, how many there are in all, which page.
import type { Page } from '@tradeflip/api';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The page's rows: how many a query skips, and how many it takes. */
export function pageRows({ page, pageSize }: PageQuery): { offset: number; limit: number } {
  return { offset: (page - 1) * pageSize, limit: pageSize };
}

/** The answer for the page: its items (`list`) out of `total`. */
export function pageOf<T>({ page, pageSize }: PageQuery, list: T[], total: number): Page<T> {
  return { list, total, page, pageSize };
}
