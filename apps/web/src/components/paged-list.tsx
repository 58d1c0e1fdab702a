// A paged record list (deposit and withdrawal records, the game's positions): the next page on scroll,
// and what to show while loading, when empty and when the first page failed. Record pages put it in a
// PullRefresh; the game's lists are live and resync themselves.
import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import '@/lib/antd-locale';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { LoadError } from './load-error';
import { SkeletonRows } from './skeleton';
import './records.css';

/** The list answer of every paged call (DESIGN §3). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The page after `last`, or undefined when it was the last one. */
export function nextPageOf<T>(last: Page<T>): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  testId: string;
}

/**
 * The pages' items in order, each once: pages are counted from the newest, so a record arriving
 * between two pages pushes the last one of a page onto the next (the red team saw rewards twice).
 */
export function itemsOfPages<T>(pages: Page<T>[] | undefined, itemKey: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? [])
    for (const item of page.list) {
      const key = itemKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  return items;
}

export function PagedList<T>({ query, itemKey, renderItem, empty, testId }: PagedListProps<T>) {
  const items = itemsOfPages(query.data?.pages, itemKey);
  let body: ReactNode;
  if (query.isError && items.length === 0)
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <SkeletonRows count={5} />;
  else if (items.length === 0) body = empty;
  else {
    body = (
      <>
        <ul className="record-list" data-testid={testId}>
          {items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            // A failed page throws, so the list offers to retry instead of stopping.
            const result = await query.fetchNextPage();
            if (result.isError) throw result.error;
          }}
        />
      </>
    );
  }
  return body;
}
