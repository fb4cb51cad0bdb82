import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export type HomeRow = {
  key: string;
  /** The row's link text (a document's title, an alert's subject). */
  label: string;
  to: string;
  /** The smaller lines under the link, each on its own line. */
  details: ReactNode[];
};

/** The rows of a widget: a link each, with its details (parties, date, file) under it. */
export function HomeRows({ label, rows }: { label: string; rows: HomeRow[] }) {
  return (
    <List dense disablePadding aria-label={label}>
      {rows.map((row) => (
        <ListItem key={row.key} disableGutters divider sx={{ '&:last-of-type': { border: 0 } }}>
          <ListItemText
            primary={
              <Link component={RouterLink} to={row.to} sx={{ overflowWrap: 'anywhere' }}>
                {row.label}
              </Link>
            }
            secondary={row.details.map((detail, index) => (
              // The details are fixed per widget; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Box key={index} component="span" sx={{ display: 'block' }}>
                {detail}
              </Box>
            ))}
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** 'Sender Oy – Receiver Oy', an unset name as 'not set'. */
export function useParties(): (sender: string, receiver: string) => string {
  const { t } = useTranslation();
  const name = (value: string) => value.trim() || t('dashboardHome.notSet');
  return (sender, receiver) =>
    t('dashboardHome.parties', { sender: name(sender), receiver: name(receiver) });
}
