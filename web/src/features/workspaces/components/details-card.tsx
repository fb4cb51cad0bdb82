import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Detail, DetailList } from '../../../ui/detail-list';
import { formatDateTime } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { isInvoiceCountry } from '../order-values';
import type { Workspace } from '../types';

/** What the workspace is: its balance, how it pays, whom it bills. */
export function DetailsCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { company, address, card } = workspace;
  const country = (address.country ?? '').toLowerCase();
  const addressLines = [
    address.street1,
    address.street2,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.state,
    isInvoiceCountry(country) ? t(`workspaces.countries.${country}`) : address.country,
  ].filter(Boolean);
  const details: Detail[] = [
    {
      label: t('workspaces.details.balance'),
      value: (
        <Typography component="span" variant="body1" sx={{ fontWeight: 600 }}>
          {t('workspaces.creditCount', { count: workspace.credits })}
        </Typography>
      ),
    },
    { label: t('workspaces.details.type'), value: t(`workspaces.type.${workspace.type}`) },
    { label: t('workspaces.details.currency'), value: workspace.currency },
    { label: t('workspaces.details.yourRole'), value: t(`workspaces.roles.${workspace.role}`) },
  ];
  if (workspace.billingEmail) {
    details.push({ label: t('workspaces.details.billingEmail'), value: workspace.billingEmail });
  }
  if (company.name) {
    details.push({
      label: t('workspaces.details.company'),
      value: [company.name, company.vat].filter(Boolean).join(', '),
    });
  }
  if (addressLines.length > 0) {
    details.push({ label: t('workspaces.details.address'), value: addressLines.join(', ') });
  }
  if (card) {
    details.push({
      label: t('workspaces.details.card'),
      value: t('workspaces.card.onFile', {
        brand: card.brand,
        last4: card.last4,
        month: String(card.expMonth).padStart(2, '0'),
        year: card.expYear,
      }),
    });
  }
  details.push({
    label: t('workspaces.details.created'),
    value: formatDateTime(workspace.createdAt),
  });
  return (
    <SettingsCard title={t('workspaces.details.title')}>
      <DetailList details={details} />
    </SettingsCard>
  );
}
