/** localStorage key of what the user typed on the SSO registration page. */
export const SSO_SIGNUP_STORAGE_KEY = 'pactum.ssoSignup';

/** First name, last name and phone, kept between the provider's redirect and the signup. */
export type SsoSignupDraft = { firstname: string; lastname: string; phone: string };

/** The kept draft, or undefined when there is none or it is not ours. */
export function parseSsoSignupDraft(raw: string | null): SsoSignupDraft | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { firstname, lastname, phone } = value as Record<string, unknown>;
    const text = (field: unknown) => (typeof field === 'string' ? field.slice(0, 250) : '');
    return { firstname: text(firstname), lastname: text(lastname), phone: text(phone) };
  } catch {
    return undefined;
  }
}

export function readSsoSignupDraft(): SsoSignupDraft | undefined {
  try {
    return parseSsoSignupDraft(localStorage.getItem(SSO_SIGNUP_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function writeSsoSignupDraft(draft: SsoSignupDraft): void {
  try {
    localStorage.setItem(SSO_SIGNUP_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Not kept; the form still works.
  }
}

export function clearSsoSignupDraft(): void {
  try {
    localStorage.removeItem(SSO_SIGNUP_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
