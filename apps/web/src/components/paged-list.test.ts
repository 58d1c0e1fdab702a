// A paged list's items: a record that arrived between two pages shifts the offsets, and the item
// pushed across shows once, not twice.
import { describe, expect, it } from 'vitest';
import { itemsOfPages, type Page } from './paged-list';

const page = (n: number, ids: string[]): Page<{ id: string }> => ({
  list: ids.map((id) => ({ id })),
  total: 100,
  page: n,
  pageSize: ids.length,
});

describe('itemsOfPages', () => {
  it('shows an item pushed onto the next page by a newer one once, in its place', () => {
    // Page 1 was 340…332; a reward then arrived (342), so page 2 starts with 336 again.
    const items = itemsOfPages(
      [page(1, ['340', '338', '336', '334', '332']), page(2, ['334', '332', '330', '328', '326'])],
      (item) => item.id,
    );
    expect(items.map((item) => item.id)).toEqual(['340', '338', '336', '334', '332', '330', '328', '326']);
  });

  it('is empty before the first page', () => {
    expect(itemsOfPages<{ id: string }>(undefined, (item) => item.id)).toEqual([]);
  });
});
