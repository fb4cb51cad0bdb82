import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import type { Workspace, WorkspaceStats } from '../types';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

const tagKinds = [
  'templates',
  'drafts',
  'negotiation',
  'inSigning',
  'signed',
  'archive',
  'trash',
] as const;

/** How many documents of each kind carry each of the workspace's tags. */
function TagCountsTable({ tagCounts }: { tagCounts: NonNullable<WorkspaceStats['tagCounts']> }) {
  const { t } = useTranslation();
  const tags = Object.keys(tagCounts).sort((a, b) => a.localeCompare(b));
  if (tags.length === 0) return null;
  return (
    <Box sx={{ mt: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={t('workspaces.stats.tagTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('workspaces.stats.tag')}</TableCell>
            {tagKinds.map((kind) => (
              <TableCell key={kind} align="right">
                {t(`workspaces.stats.tagKinds.${kind}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {tags.map((tag) => (
            <TableRow key={tag}>
              <TableCell component="th" scope="row">
                {tag}
              </TableCell>
              {tagKinds.map((kind) => (
                <TableCell key={kind} align="right">
                  {tagCounts[tag]?.[kind] ?? 0}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The workspace's figures as last counted (recounted at most once a day). Figures without a
 * date were put out of date by a purchase or a send, and the page is counting them again.
 */
export function StatsCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { stats, statsCalculatedAt } = workspace;
  return (
    <SettingsCard
      title={t('workspaces.stats.title')}
      description={
        statsCalculatedAt
          ? t('workspaces.stats.calculatedAt', { date: formatDateTime(statsCalculatedAt) })
          : stats
            ? t('workspaces.stats.recounting')
            : undefined
      }
    >
      {stats ? (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
            }}
          >
            <Figure label={t('workspaces.stats.negotiation')} value={stats.deals.negotiation} />
            <Figure label={t('workspaces.stats.inSigning')} value={stats.deals.inSigning} />
            <Figure label={t('workspaces.stats.signed')} value={stats.deals.signed} />
            <Figure label={t('workspaces.stats.archives')} value={stats.deals.archives} />
            <Figure label={t('workspaces.stats.members')} value={stats.members} />
            <Figure label={t('workspaces.stats.groups')} value={stats.groups} />
            <Figure label={t('workspaces.stats.tags')} value={stats.tags} />
            <Figure label={t('workspaces.stats.purchased')} value={stats.credits.purchased} />
            <Figure label={t('workspaces.stats.spent')} value={stats.credits.spent} />
          </Box>
          {stats.tagCounts && <TagCountsTable tagCounts={stats.tagCounts} />}
        </>
      ) : (
        <Typography color="text.secondary">{t('workspaces.stats.notYet')}</Typography>
      )}
    </SettingsCard>
  );
}
