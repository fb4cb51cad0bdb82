import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Parties, Party } from '@pactum/core/documents';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

function PartyBlock({ label, party }: { label: string; party: Party }) {
  return (
    <Box sx={{ flex: 1, minWidth: 200 }}>
      <Typography variant="overline" color="text.secondary" component="h4">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {party.name || '—'}
      </Typography>
      {[party.vat, party.address, party.email].filter(Boolean).map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** The parties section of a deal: both parties as the contract names them (settings change them). */
export function DealPartiesCard({ title, parties }: { title: string; parties: Parties }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <PartyBlock label={t('deals.party.sender')} party={parties.sender} />
          <PartyBlock label={t('deals.party.receiver')} party={parties.receiver} />
        </Stack>
      </CardContent>
    </Card>
  );
}
