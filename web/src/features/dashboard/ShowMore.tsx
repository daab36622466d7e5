import { useI18n } from '../../i18n/i18n-pages.js';

/** Under a paged table: asks for its next page while there is one. */
export function ShowMore({ list }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useI18n();
  if (!list.hasNextPage) return null;
  return (
    <button type="button" className="button show-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {t('dashboard.showMore')}
    </button>
  );
}
