import { SIGNING_CONSENT_VERSION } from '@pactum/core/signing';

/** A signer of `party` who is `user` (their e-mail), with the given phone. */
export function signerInput(
  user: { email: string; lastname: string },
  party: 'sender' | 'receiver',
  phone: string,
) {
  return { party, firstname: 'Signer', lastname: user.lastname, email: user.email, phone };
}

/** The body of POST …/sign: a typed signature and the accepted consent line. */
export function signRequest(text: string) {
  return {
    signature: { text, font: 'kalam', color: 'green' },
    consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' },
  };
}
