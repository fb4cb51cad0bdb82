/* The front door of two-factor: what other features may use of it. */

export { ReauthenticateAlert } from './components/reauthenticate-dialog';
export { SessionsCard } from './components/sessions-card';
export { TwoFactorCard } from './components/two-factor-card';
export { TwoFactorRequiredPage } from './two-factor-required-page';
