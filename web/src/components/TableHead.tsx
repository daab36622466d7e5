import type { MessageKey } from '../i18n/en.js';
import { useI18n } from '../i18n/i18n-pages.js';

export function TableHead({ columns }: { columns: MessageKey[] }) {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {t(column)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
