import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SettingsCard } from '../../../ui/settings-card';
import { ListTable } from './list-table';

type CardTableProps = {
  /** The card's heading, also the table's name. */
  title: string;
  description?: string;
  actions?: ReactNode;
  /** Said instead of the table when it has no rows. */
  isEmpty: boolean;
  emptyText: string;
  minWidth: number;
  /** The table scrolls within this height, its head staying in view. */
  maxHeight?: number;
  /** The head row's cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/** A card of an admin detail page holding one small table, or a text when it is empty. */
export function CardTable({
  title,
  description,
  actions,
  isEmpty,
  emptyText,
  minWidth,
  maxHeight,
  head,
  children,
}: CardTableProps) {
  return (
    <SettingsCard title={title} description={description} actions={actions}>
      {isEmpty ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <ListTable
          label={title}
          minWidth={minWidth}
          isOutlined={false}
          maxHeight={maxHeight}
          head={head}
        >
          {children}
        </ListTable>
      )}
    </SettingsCard>
  );
}
