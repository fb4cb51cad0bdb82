import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ApiTokensCard } from '../api-tokens';
import { useMe } from '../auth';
import { SessionsCard, TwoFactorCard } from '../two-factor';
import { AutofillDialog, NotificationsDialog } from './components/account-dialogs';
import { AccountInfoCard } from './components/account-info-card';
import { ChangePasswordCard } from './components/change-password-card';
import { AutofillCard, CompanyAddressCard } from './components/company-cards';
import { CountersCard } from './components/counters-card';
import { EmailNotificationsCard } from './components/email-notifications-card';
import { EmailVerificationAlert } from './components/email-verification-alert';

/** `/dashboard/account/my`: the user's own settings, one card per topic. */
export function AccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  const me = useMe().data;
  const companyNameRef = useRef<HTMLInputElement>(null);
  const fillIn = () => {
    const field = companyNameRef.current;
    field?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    field?.focus({ preventScroll: true });
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('account.title')}
      </Typography>
      {me ? (
        <>
          <EmailVerificationAlert me={me} />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Stack spacing={3}>
                <AccountInfoCard me={me} />
                {!me.isProtectedDomain && <ChangePasswordCard email={me.email} />}
                <EmailNotificationsCard me={me} />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Stack spacing={3}>
                <AutofillCard me={me} firstFieldRef={companyNameRef} />
                <CompanyAddressCard me={me} />
                <CountersCard />
              </Stack>
            </Grid>
          </Grid>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <TwoFactorCard />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <SessionsCard />
            </Grid>
          </Grid>
          <ApiTokensCard />
          <NotificationsDialog me={me} />
          <AutofillDialog me={me} onFillIn={fillIn} />
        </>
      ) : (
        <AccountSkeleton />
      )}
    </Stack>
  );
}

function AccountSkeleton() {
  return (
    <Grid container spacing={3}>
      {[0, 1].map((column) => (
        <Grid key={column} size={{ xs: 12, lg: 6 }}>
          <Stack spacing={3}>
            <Skeleton variant="rounded" height={260} />
            <Skeleton variant="rounded" height={220} />
          </Stack>
        </Grid>
      ))}
    </Grid>
  );
}
