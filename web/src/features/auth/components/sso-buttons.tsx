import Google from '@mui/icons-material/Google';
import Microsoft from '@mui/icons-material/Microsoft';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SsoProvider } from '@pactum/core/auth';
import { useTranslation } from 'react-i18next';
import { useProviders } from '../api/get-providers';
import { ssoStartUrl } from '../redirect';

const icons: Record<SsoProvider, typeof Google> = { google: Google, microsoft: Microsoft };
/**
 * The providers in the order the buttons show them: every provider of `@pactum/core/auth` (the
 * record above has one icon per provider), without loading that module's schemas here.
 */
const providerOrder = Object.keys(icons) as SsoProvider[];

type SsoButtonsProps = {
  /** Sign-in or registration wording. */
  mode: 'signIn' | 'signUp';
  /** Where to come back to after the provider. */
  returnTo: string | null;
};

/**
 * The Google and Microsoft buttons, those the server has enabled. Each leaves the app for
 * the provider with a full page load.
 */
export function SsoButtons({ mode, returnTo }: SsoButtonsProps) {
  const { t } = useTranslation();
  const providers = useProviders();
  if (providers.isPending) {
    return <Skeleton variant="rounded" height={40} aria-label={t('app.loading')} />;
  }
  const enabled = providerOrder.filter((provider) => providers.data?.[provider]);
  if (enabled.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {enabled.map((provider) => {
        const Icon = icons[provider];
        const label =
          mode === 'signIn'
            ? t(provider === 'google' ? 'login.google' : 'login.microsoft')
            : t(provider === 'google' ? 'signup.google' : 'signup.microsoft');
        return (
          <Button
            key={provider}
            variant="outlined"
            size="large"
            color="inherit"
            startIcon={<Icon />}
            onClick={() => window.location.assign(ssoStartUrl(provider, returnTo))}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}

/** Whether any single-sign-on provider is enabled (undefined while unknown). */
export function useHasSso(): boolean | undefined {
  const providers = useProviders();
  if (!providers.data) return providers.isError ? false : undefined;
  return providerOrder.some((provider) => providers.data[provider]);
}
