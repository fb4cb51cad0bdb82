/* The two-factor feature's front door: what sign-in, the admin area and the app may call. */
export {
  getTwoFactorStatus,
  isPasswordRight,
  RECENT_AUTHENTICATION_SECONDS,
  requireRecentAuthentication,
  resetSecondFactor,
} from './factors';
export { twoFactorRoutes } from './routes';
export {
  beginSecondStep,
  finishWithCode,
  finishWithPasskey,
  passkeySignInOptions,
  type StepCaller,
} from './second-step';
