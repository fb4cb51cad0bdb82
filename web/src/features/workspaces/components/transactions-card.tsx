import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TRANSACTIONS_PAGE_SIZE } from '@pactum/core/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatDateTime, formatMoney } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { useLang } from '../../../ui/use-lang';
import { useTablePaginationLabels } from '../../../ui/use-table-pagination-labels';
import { useTransactions } from '../api/list-transactions';
import type { Transaction } from '../types';

/** A signed change of credits: `+5`, `-1`. */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The credit ledger, newest first, 10 a page. */
export function TransactionsCard({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const paginationLabels = useTablePaginationLabels();
  const [page, setPage] = useState(0);
  const transactions = useTransactions(workspaceId, page + 1);
  return (
    <SettingsCard title={t('workspaces.transactions.title')}>
      {transactions.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : transactions.isError ? (
        <Box>
          <ErrorAlert error={transactions.error} />
          <Button sx={{ mt: 1 }} onClick={() => transactions.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Box>
      ) : transactions.data.total === 0 ? (
        <Typography color="text.secondary">{t('workspaces.transactions.empty')}</Typography>
      ) : (
        <Box>
          <TransactionsTable
            rows={transactions.data.items}
            label={t('workspaces.transactions.title')}
          />
          <TablePagination
            component="div"
            count={transactions.data.total}
            page={page}
            rowsPerPage={TRANSACTIONS_PAGE_SIZE}
            rowsPerPageOptions={[TRANSACTIONS_PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
            {...paginationLabels}
          />
        </Box>
      )}
    </SettingsCard>
  );
}

type TransactionsTableProps = {
  rows: Transaction[];
  /** The table's name for assistive technology. */
  label: string;
  minWidth?: number;
};

/** Ledger rows: when, who, what, the signed change, the balance after, the money and the document. */
export function TransactionsTable({ rows, label, minWidth }: TransactionsTableProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const documentOf = (row: Transaction) =>
    [row.documentTitle, row.receiverName].filter(Boolean).join(' · ') || '–';
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={minWidth === undefined ? undefined : { minWidth }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('workspaces.transactions.date')}</TableCell>
            <TableCell>{t('workspaces.transactions.user')}</TableCell>
            <TableCell>{t('workspaces.transactions.product')}</TableCell>
            <TableCell align="right">{t('workspaces.transactions.change')}</TableCell>
            <TableCell align="right">{t('workspaces.transactions.balance')}</TableCell>
            <TableCell align="right">{t('workspaces.transactions.total')}</TableCell>
            <TableCell>{t('workspaces.transactions.document')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell>{row.userName ?? '–'}</TableCell>
              <TableCell>{t(`workspaces.transactions.products.${row.product}`)}</TableCell>
              <TableCell
                align="right"
                sx={{
                  color: row.amountChange >= 0 ? 'success.main' : 'error.main',
                  fontWeight: 500,
                }}
              >
                {signed(row.amountChange)}
              </TableCell>
              <TableCell align="right">{row.balanceAfter}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.purchaseTotal !== null && row.currency
                  ? formatMoney(row.purchaseTotal, row.currency, lang)
                  : '–'}
              </TableCell>
              <TableCell>{documentOf(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
