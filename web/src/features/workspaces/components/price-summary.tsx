import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Purchase } from '@pactum/core/billing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../ui/format';
import { useLang } from '../../../ui/use-lang';

function Row({
  label,
  value,
  isStrong = false,
}: {
  label: string;
  value: ReactNode;
  isStrong?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography
        variant="body2"
        color={isStrong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: isStrong ? 600 : 400 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: isStrong ? 600 : 400 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The price of a credit purchase as the shared price list makes it (the server charges its
 * own figure, which is the same). `purchase` is undefined while the amount is not valid.
 */
export function PriceSummary({ purchase }: { purchase: Purchase | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (minor: number) => (purchase ? formatMoney(minor, purchase.currency, lang) : '–');
  return (
    <Stack spacing={1} aria-live="polite">
      <Row label={t('workspaces.create.credits')} value={purchase ? purchase.credits : '–'} />
      <Row label={t('workspaces.price.unitPrice')} value={money(purchase?.unitPrice ?? 0)} />
      <Row label={t('workspaces.price.subtotal')} value={money(purchase?.subtotal ?? 0)} />
      <Row
        label={t('workspaces.price.vat', { percent: purchase?.taxPrc ?? 0 })}
        value={money(purchase?.taxAmount ?? 0)}
      />
      <Divider />
      <Row
        label={t('workspaces.price.total')}
        value={money(purchase?.purchaseTotal ?? 0)}
        isStrong
      />
      <Typography variant="caption" color="text.secondary">
        {t('workspaces.price.excludesVat')}
      </Typography>
    </Stack>
  );
}
