import type { SsoProvider } from '@pactum/core/auth';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../../ui/plain/plain-button';
import { GoogleIcon, MicrosoftIcon } from '../../../ui/plain/plain-icons';
import { useProviders } from '../api/get-providers';
import { ssoStartUrl } from '../redirect';

const icons: Record<SsoProvider, ComponentType> = { google: GoogleIcon, microsoft: MicrosoftIcon };
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
 * the provider with a full page load. Drawn by the plain kit: the sign-in card shows them.
 */
export function SsoButtons({ mode, returnTo }: SsoButtonsProps) {
  const { t } = useTranslation();
  const providers = useProviders();
  if (providers.isPending) {
    return <div className="pl-skeleton" role="progressbar" aria-label={t('app.loading')} />;
  }
  const enabled = providerOrder.filter((provider) => providers.data?.[provider]);
  if (enabled.length === 0) return null;
  return (
    <div className="pl-stack" style={{ gap: 12 }}>
      {enabled.map((provider) => {
        const Icon = icons[provider];
        const label =
          mode === 'signIn'
            ? t(provider === 'google' ? 'login.google' : 'login.microsoft')
            : t(provider === 'google' ? 'signup.google' : 'signup.microsoft');
        return (
          <PlainButton
            key={provider}
            variant="outlined"
            size="large"
            isNeutral
            startIcon={<Icon />}
            onClick={() => window.location.assign(ssoStartUrl(provider, returnTo))}
          >
            {label}
          </PlainButton>
        );
      })}
    </div>
  );
}

/** Whether any single-sign-on provider is enabled (undefined while unknown). */
export function useHasSso(): boolean | undefined {
  const providers = useProviders();
  if (!providers.data) return providers.isError ? false : undefined;
  return providerOrder.some((provider) => providers.data[provider]);
}
