import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

type ListTableProps = {
  /** The table's name for assistive technology. */
  label: string;
  minWidth: number;
  /** Outlined on its own (a list page); without, inside a card. */
  isOutlined?: boolean;
  /** The table scrolls within this height, its head staying in view. */
  maxHeight?: number;
  /** The head row's cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/** A small table of the admin area: a list page's, or one in a detail page's card. */
export function ListTable({
  label,
  minWidth,
  isOutlined = true,
  maxHeight,
  head,
  children,
}: ListTableProps) {
  const table = (
    <Table size="small" stickyHeader={maxHeight !== undefined} aria-label={label} sx={{ minWidth }}>
      <TableHead>
        <TableRow>{head}</TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  const sx = maxHeight === undefined ? undefined : { maxHeight };
  return isOutlined ? (
    <TableContainer component={Paper} variant="outlined" sx={sx}>
      {table}
    </TableContainer>
  ) : (
    <TableContainer sx={sx}>{table}</TableContainer>
  );
}
