import type { TablePaginationConfig, TableProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ListParams, Page } from '../core/api/admin-client.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';

const DEFAULT_PAGE_SIZE = 20;

type SortOrder = 'ascend' | 'descend' | null | undefined;

/**
 * The server-side state of a paged table: page, page size and sort become the list's query
 * (?limit=&sort=&order=), beside `fixed` (status filter, search). A new sort, filter or search
 * goes back to page 1. The next page is asked for by the cursor the page before it answered, so
 * a page deep in a million rows costs what the first costs; a page jumped to without one is asked
 * for by offset.
 */
export function useTableQuery<T>(fixed: ListParams = {}) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<{ field?: string; order?: 'asc' | 'desc' }>({});
  const fixedKey = JSON.stringify(fixed);
  useEffect(() => setPage(1), [fixedKey]);
  /** The cursor each page starts at, learnt from the page before it, for this list, sort and page size. */
  const cursors = useRef({ key: '', byPage: new Map<number, string>() });
  const listKey = JSON.stringify([fixedKey, sort, pageSize]);
  if (cursors.current.key !== listKey) cursors.current = { key: listKey, byPage: new Map() };

  const cursor = cursors.current.byPage.get(page);
  const position = cursor ? { cursor } : { offset: (page - 1) * pageSize };
  const params: ListParams = { ...fixed, limit: pageSize, ...position, sort: sort.field, order: sort.order };

  const onChange: TableProps<T>['onChange'] = (pagination: TablePaginationConfig, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = single?.order as SortOrder;
    const next = order
      ? { field: String(single?.columnKey ?? single?.field), order: order === 'ascend' ? ('asc' as const) : ('desc' as const) }
      : {};
    const sortChanged = next.field !== sort.field || next.order !== sort.order;
    setSort(next);
    setPageSize(pagination.pageSize ?? DEFAULT_PAGE_SIZE);
    setPage(sortChanged ? 1 : (pagination.current ?? 1));
  };

  /** antd's pagination for the page shown; remembers where the next page starts. */
  const pagination = (shown: Page<unknown> | undefined): TablePaginationConfig => {
    if (shown?.nextCursor) cursors.current.byPage.set(page + 1, shown.nextCursor);
    return paginationConfig(shown?.total, shown?.estimated);
  };
  const paginationConfig = (total: number | undefined, estimated = false): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    ...(estimated ? { showTotal: (count: number) => t('table.totalEstimated', { count: format.count(count) }) } : {}),
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
  });

  /** antd's sortOrder for a column, so the header arrows follow the server's order. */
  const sortOrderOf = (field: string): SortOrder => (sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  return { params, onChange, pagination, sortOrderOf };
}
