import type { TablePaginationProps } from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/** The texts of MUI's table pagination in the user's language. */
export function useTablePaginationLabels(): Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
> {
  const { t } = useTranslation();
  return {
    labelRowsPerPage: t('common.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }) => t('common.displayedRows', { from, to, count }),
    getItemAriaLabel: (type) =>
      ({
        first: t('common.firstPage'),
        last: t('common.lastPage'),
        next: t('common.nextPage'),
        previous: t('common.previousPage'),
      })[type],
  };
}
