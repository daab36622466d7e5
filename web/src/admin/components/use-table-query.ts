import type { TablePaginationConfig, TableProps } from 'antd';
import { useEffect, useState } from 'react';
import type { ListParams } from '../api/admin-client.js';

const DEFAULT_PAGE_SIZE = 20;

type SortOrder = 'ascend' | 'descend' | null | undefined;

/**
 * The server-side state of a paged table: page, page size and sort become the list's query
 * (?limit=&offset=&sort=&order=), beside `fixed` (status filter, search). A new sort, filter or
 * search goes back to page 1.
 */
export function useTableQuery<T>(fixed: ListParams = {}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<{ field?: string; order?: 'asc' | 'desc' }>({});
  const fixedKey = JSON.stringify(fixed);
  useEffect(() => setPage(1), [fixedKey]);

  const params: ListParams = { ...fixed, limit: pageSize, offset: (page - 1) * pageSize, sort: sort.field, order: sort.order };

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

  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
  });

  /** antd's sortOrder for a column, so the header arrows follow the server's order. */
  const sortOrderOf = (field: string): SortOrder => (sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  return { params, onChange, pagination, sortOrderOf };
}
