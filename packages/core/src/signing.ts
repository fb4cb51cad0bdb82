import { z } from 'zod';
import type { AuditEventDetail, AuditEventSection } from './document-events';
import { type PartyRole, partyRoles } from './documents';
import { type Lang, languages, messageKey, plainText } from './validation';

/**
 * Signing rules shared by the server and the web (spec 3 §3 deal signer, §4 signing and
 * two-step states, §5 signer setup / signature / two-step code, §9 constants). No I/O.
 */

export type SigningLang = Lang;

/** The spec's texts of signing (en verbatim), with Finnish. `%s` is filled in order. */
export const signingMessages = {
  en: {
    required: 'Field is required',
    phone: 'Phone number must be valid (e.g., +358)',
    email: 'E-mail must be valid',
    duplicateEmail: 'You have signers with same email: %s',
    duplicatePhone: 'You have signers with same phone number: %s',
    signerAmount: 'At least 1 and less than 4',
    signerAmountSetup: 'At most 4 signers',
    signature: 'Please fill your signature to input field.',
    signerNotFound: 'Technical error. Please contact support',
    codeSent: 'Verification sent to: %s',
    codeCompleted: 'Verification completed',
    codeInvalid: 'Verification code is invalid. Please check the code and try again.',
    codeLocked: 'Too many wrong codes. Please send a new verification code.',
    codeRateLimited: 'Too many verification codes sent. Please try again later.',
    signed: 'Great! You have signed the "%s" document!',
    allSigned: 'Great! All parties have now signed the "%s" document!',
    fontUpdated: 'Your signature font updated.',
    colourUpdated: 'Your signature colour updated.',
    pdfReady: 'This document is now ready for signing and waiting for signatures.',
    notInSigning: 'This document is not waiting for signatures.',
    changesNotAgreed:
      'The other party must first agree to "%s": signing starts once they have agreed to every section whose latest version is yours.',
    alreadySigned: 'You have already signed this document.',
    notYourSigner: 'Only the named signer can sign here.',
    emailNotVerified: 'Please verify your e-mail address before signing.',
    twoStepRequired: 'Please verify your phone number with the code first.',
    contentChanged: 'The document has changed since signing started. Please contact the sender.',
  },
  fi: {
    required: 'Kenttä on pakollinen',
    phone: 'Puhelinnumeron on oltava kelvollinen (esim. +358)',
    email: 'Sähköpostiosoitteen on oltava kelvollinen',
    duplicateEmail: 'Sinulla on allekirjoittajia, joilla on sama sähköposti: %s',
    duplicatePhone: 'Sinulla on allekirjoittajia, joilla on sama puhelinnumero: %s',
    signerAmount: 'Vähintään 1 ja enintään 4',
    signerAmountSetup: 'Enintään 4 allekirjoittajaa',
    signature: 'Kirjoita allekirjoituksesi kenttään.',
    signerNotFound: 'Tekninen virhe. Ota yhteyttä tukeen',
    codeSent: 'Vahvistuskoodi lähetetty numeroon: %s',
    codeCompleted: 'Vahvistus valmis',
    codeInvalid: 'Vahvistuskoodi on virheellinen. Tarkista koodi ja yritä uudelleen.',
    codeLocked: 'Liian monta väärää koodia. Lähetä uusi vahvistuskoodi.',
    codeRateLimited: 'Liian monta vahvistuskoodia lähetetty. Yritä myöhemmin uudelleen.',
    signed: 'Hienoa! Olet allekirjoittanut asiakirjan "%s"!',
    allSigned: 'Hienoa! Kaikki osapuolet ovat nyt allekirjoittaneet asiakirjan "%s"!',
    fontUpdated: 'Allekirjoituksesi fontti päivitetty.',
    colourUpdated: 'Allekirjoituksesi väri päivitetty.',
    pdfReady: 'Asiakirja on nyt valmis allekirjoitettavaksi ja odottaa allekirjoituksia.',
    notInSigning: 'Asiakirja ei odota allekirjoituksia.',
    changesNotAgreed:
      'Toisen osapuolen on ensin hyväksyttävä osio "%s": allekirjoituksen voi aloittaa, kun se on hyväksynyt jokaisen osion, jonka viimeisin versio on sinun.',
    alreadySigned: 'Olet jo allekirjoittanut tämän asiakirjan.',
    notYourSigner: 'Vain nimetty allekirjoittaja voi allekirjoittaa tässä.',
    emailNotVerified: 'Vahvista sähköpostiosoitteesi ennen allekirjoittamista.',
    twoStepRequired: 'Vahvista ensin puhelinnumerosi koodilla.',
    contentChanged:
      'Asiakirja on muuttunut allekirjoituksen alkamisen jälkeen. Ota yhteyttä lähettäjään.',
  },
} as const;

export type SigningMessageKey = keyof (typeof signingMessages)['en'];

/** The text of a signing message in a language, `%s` replaced by `args` in order. */
export function signingMessage(
  key: SigningMessageKey,
  lang: SigningLang = 'en',
  ...args: (string | number)[]
): string {
  let index = 0;
  return signingMessages[lang][key].replace(/%s/g, () => String(args[index++] ?? ''));
}

// ---------------------------------------------------------------------------------------------
// Signers

/** Signers per party when signing starts (spec 3 §5, §9). */
export const MIN_SIGNERS_PER_PARTY = 1;
export const MAX_SIGNERS_PER_PARTY = 4;
/** The default phone prefix offered in the signer setup. */
export const DEFAULT_PHONE_PREFIX = '+358';

/**
 * Where the signer setup is used: in the negotiation setup a party may name 0 to 4 signers
 * ahead of time; when signing starts (and in the PDF and change-signer flows) 1 to 4.
 */
export type SignerSetupMode = 'negotiation' | 'signing';

export type SignerInput = {
  party: PartyRole;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
};

export type SignerField = 'firstname' | 'lastname' | 'email' | 'phone';

/** One problem of a signer setup: `index` is the signer's place in the list, null for the list. */
export type SignerIssue = {
  index: number | null;
  field: SignerField | 'signers';
  party?: PartyRole;
  key: SigningMessageKey;
  params: string[];
};

/** "anna-liisa  von  smith" → "Anna-Liisa Von Smith": each word and hyphen part capitalised. */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

/**
 * "+358 40-123 (4567)" → "+358401234567": separators (spaces, hyphens, dots, brackets) removed.
 * Anything else stays, so a letter makes the phone invalid rather than silently vanishing; a
 * valid phone is then only + and digits.
 */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s\-.()]/g, '');
}

/** A phone the signer setup accepts: + and 7 to 15 digits (E.164). */
export function isValidSignerPhone(phone: string): boolean {
  return /^\+\d{7,15}$/.test(phone);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidSignerEmail(email: string): boolean {
  return emailPattern.test(email) && email.length <= 254;
}

/** The signer as stored: names capitalised, e-mail trimmed and lower-cased, phone digits and +. */
export function normaliseSigner(signer: SignerInput): SignerInput {
  return {
    party: signer.party,
    firstname: capitaliseName(signer.firstname),
    lastname: capitaliseName(signer.lastname),
    email: signer.email.trim().toLowerCase(),
    phone: normalisePhone(signer.phone),
  };
}

/**
 * Normalises a signer setup and lists every problem (spec 3 §5): each field required, phone
 * `+digits`, e-mail valid, signers per party within the mode's amount, no two signers with the
 * same e-mail or phone. Valid when `issues` is empty.
 */
export function validateSigners(
  input: SignerInput[],
  options: { mode: SignerSetupMode; parties?: PartyRole[] },
): { signers: SignerInput[]; issues: SignerIssue[] } {
  const signers = input.map(normaliseSigner);
  const issues: SignerIssue[] = [];
  signers.forEach((signer, index) => {
    for (const field of ['firstname', 'lastname', 'email', 'phone'] as const) {
      const value = signer[field];
      if (value === '' || (field === 'phone' && value === '+')) {
        issues.push({ index, field, key: 'required', params: [] });
      } else if (field === 'email' && !isValidSignerEmail(value)) {
        issues.push({ index, field, key: 'email', params: [] });
      } else if (field === 'phone' && !isValidSignerPhone(value)) {
        issues.push({ index, field, key: 'phone', params: [] });
      }
    }
  });
  const min = options.mode === 'negotiation' ? 0 : MIN_SIGNERS_PER_PARTY;
  for (const party of options.parties ?? unique(signers.map((signer) => signer.party))) {
    const count = signers.filter((signer) => signer.party === party).length;
    if (count < min || count > MAX_SIGNERS_PER_PARTY) {
      issues.push({
        index: null,
        field: 'signers',
        party,
        key: options.mode === 'negotiation' ? 'signerAmountSetup' : 'signerAmount',
        params: [],
      });
    }
  }
  const sameEmails = duplicates(signers.map((signer) => signer.email).filter(Boolean));
  if (sameEmails.length > 0) {
    issues.push({
      index: null,
      field: 'signers',
      key: 'duplicateEmail',
      params: [sameEmails.join(', ')],
    });
  }
  const samePhones = duplicates(
    signers.map((signer) => signer.phone).filter((phone) => phone.length > 1),
  );
  if (samePhones.length > 0) {
    issues.push({
      index: null,
      field: 'signers',
      key: 'duplicatePhone',
      params: [samePhones.join(', ')],
    });
  }
  return { signers, issues };
}

/** The text of a signer issue in a language. */
export function signerIssueText(issue: SignerIssue, lang: SigningLang = 'en'): string {
  return signingMessage(issue.key, lang, ...issue.params);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

const signerFieldSchema = plainText().max(250);

/** One signer as a form or route takes it (before normalisation). */
export const signerInputSchema = z.strictObject({
  party: z.enum(partyRoles),
  firstname: signerFieldSchema,
  lastname: signerFieldSchema,
  email: signerFieldSchema,
  phone: plainText().max(40),
});

/**
 * A whole signer setup: parses to the normalised signers, and fails with the English text of
 * each issue at `signers.<index>.<field>` (or `signers` for the list's own problems).
 */
export function signerSetupSchema(options: { mode: SignerSetupMode; parties?: PartyRole[] }) {
  return z.array(signerInputSchema).transform((input, context) => {
    const { signers, issues } = validateSigners(input, options);
    for (const issue of issues) {
      context.addIssue({
        code: 'custom',
        message: signerIssueText(issue),
        path: issue.index === null ? [] : [issue.index, issue.field],
      });
    }
    return signers;
  });
}

// ---------------------------------------------------------------------------------------------
// Signatures

/** The signature fonts (spec 3 §9), by their @fontsource package names, with display names. */
export const signatureFonts = [
  'bad-script',
  'cedarville-cursive',
  'dancing-script',
  'dr-sugiyama',
  'gloria-hallelujah',
  'kalam',
  'la-belle-aurore',
  'montez',
  'mr-bedfort',
  'over-the-rainbow',
  'shadows-into-light',
] as const;
export type SignatureFont = (typeof signatureFonts)[number];

export const signatureFontNames: Record<SignatureFont, string> = {
  'bad-script': 'Bad Script',
  'cedarville-cursive': 'Cedarville Cursive',
  'dancing-script': 'Dancing Script',
  'dr-sugiyama': 'Dr Sugiyama',
  'gloria-hallelujah': 'Gloria Hallelujah',
  kalam: 'Kalam',
  'la-belle-aurore': 'La Belle Aurore',
  montez: 'Montez',
  'mr-bedfort': 'Mr Bedfort',
  'over-the-rainbow': 'Over the Rainbow',
  'shadows-into-light': 'Shadows Into Light',
};

/** The signature colours (spec 3 §9) and the ink each is drawn in (the Material palette's 500). */
export const signatureColors = ['purple', 'indigo', 'green', 'bluegrey', 'grey'] as const;
export type SignatureColor = (typeof signatureColors)[number];

export const signatureColorHex: Record<SignatureColor, string> = {
  purple: '#9c27b0',
  indigo: '#3f51b5',
  green: '#4caf50',
  bluegrey: '#607d8b',
  grey: '#9e9e9e',
};

export const DEFAULT_SIGNATURE_FONT: SignatureFont = 'dancing-script';
export const DEFAULT_SIGNATURE_COLOR: SignatureColor = 'indigo';
export const SIGNATURE_MIN_LENGTH = 2;
export const SIGNATURE_MAX_LENGTH = 100;

/** A typed signature as the sign dialog sends it; the text is trimmed. */
export const signatureSchema = z.strictObject({
  text: plainText({ message: signingMessages.en.signature })
    .trim()
    .min(SIGNATURE_MIN_LENGTH, signingMessages.en.signature)
    .max(SIGNATURE_MAX_LENGTH),
  font: z.enum(signatureFonts),
  color: z.enum(signatureColors),
});
export type Signature = z.infer<typeof signatureSchema>;

/** Whether the trimmed text is long enough to be a signature. */
export function isSignatureTextValid(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= SIGNATURE_MIN_LENGTH && trimmed.length <= SIGNATURE_MAX_LENGTH;
}

// ---------------------------------------------------------------------------------------------
// Completion

export const signerStates = ['new', 'signed'] as const;
export type SignerState = (typeof signerStates)[number];

/** The sealed signed PDF of a deal: being made, ready, or given up on after the retries. */
export const signedPdfStates = ['pending', 'done', 'failed'] as const;
export type SignedPdfState = (typeof signedPdfStates)[number];

/** Completion (spec 3 §4): both parties have signers and every signer has signed. */
export function isSigningComplete(signers: { party: PartyRole; state: SignerState }[]): boolean {
  const hasSender = signers.some((signer) => signer.party === 'sender');
  const hasReceiver = signers.some((signer) => signer.party === 'receiver');
  return hasSender && hasReceiver && signers.every((signer) => signer.state === 'signed');
}

/**
 * Whether the user has shown they own the signer's e-mail address: their account's e-mail is
 * verified, or they opened the signing link mailed to that address (which claims the signer
 * record for them, `signer.userId`). A session alone proves nothing: signing up gives one before
 * the address is verified, so anyone could register with a signer's address.
 */
export function isSignerEmailProven(
  signer: { userId: string | null },
  user: { id: string; isEmailVerified: boolean },
): boolean {
  return user.isEmailVerified || signer.userId === user.id;
}

/**
 * Whether the caller may decline to sign (issue 40): only while the deal is in signing, never a
 * Send & Sign PDF (nothing to negotiate back to), and only an editor of a party or someone with
 * an unsigned signer slot of their own.
 */
export function canDeclineSigning(options: {
  dealState: string;
  process: string;
  isPartyEditor: boolean;
  hasOwnUnsignedSigner: boolean;
}): boolean {
  return (
    options.dealState === 'in-signing' &&
    options.process !== 'pdf' &&
    (options.isPartyEditor || options.hasOwnUnsignedSigner)
  );
}

/**
 * Whether this user may sign as this signer (spec 3 §6): only an unsigned signer whose e-mail
 * matches the user's sees 'Sign document', only while the deal is in signing, and only once the
 * user has proven that e-mail (`isSignerEmailProven`).
 */
export function canSignAs(
  signer: { email: string; state: SignerState },
  user: { email: string; isEmailProven: boolean },
  dealState: string,
): boolean {
  return (
    dealState === 'in-signing' &&
    signer.state === 'new' &&
    isSameEmail(signer.email, user.email) &&
    user.isEmailProven
  );
}

export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What the sign step knows when a user signs as a signer. */
export type SignAttempt = {
  dealState: string;
  signer: { email: string; state: SignerState } | null;
  user: { email: string };
  /** The user has proven they own the signer's e-mail (`isSignerEmailProven`). */
  isEmailProven: boolean;
  /** The deal asks for the SMS check in signing (use2faInSigning). */
  isTwoStepRequired: boolean;
  twoStepState: TwoStepState | null;
  /** The content SHA-256 frozen when signing started, and the content's hash now. */
  frozenContentSha256: string | null;
  currentContentSha256: string | null;
};

/**
 * Why this signature must be refused, or null when it may go ahead (spec 3 §4, §6): the deal is
 * in signing, the signer exists, the signer has not signed, the signer's e-mail is the user's
 * and proven to be theirs, the two-step check is done when required, and the text is the one
 * frozen at the start.
 */
export function signRefusal(attempt: SignAttempt): SigningMessageKey | null {
  // A deal that left signing first (signed, declined, cancelled) says so, also to a signer whose
  // slot went with it: the answer to a signature that lost the race is 409, not 404.
  if (attempt.dealState !== 'in-signing') return 'notInSigning';
  if (!attempt.signer) return 'signerNotFound';
  if (attempt.signer.state === 'signed') return 'alreadySigned';
  if (!isSameEmail(attempt.signer.email, attempt.user.email)) return 'notYourSigner';
  if (!attempt.isEmailProven) return 'emailNotVerified';
  if (attempt.isTwoStepRequired && attempt.twoStepState !== 'completed') return 'twoStepRequired';
  if (
    !attempt.frozenContentSha256 ||
    attempt.frozenContentSha256 !== attempt.currentContentSha256
  ) {
    return 'contentChanged';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Two-step verification

/** Signer two-step verification states (spec 3 §4). */
export const twoStepStates = ['started', 'code-sent', 'completed'] as const;
export type TwoStepState = (typeof twoStepStates)[number];
export type TwoStepAction = 'start' | 'send' | 'verify';

export const TWO_STEP_CODE_LENGTH = 6;
export const TWO_STEP_CODE_TTL_SECONDS = 10 * 60;
export const TWO_STEP_MAX_ATTEMPTS = 5;
/** Codes one signer may have sent in `TWO_STEP_SEND_WINDOW_SECONDS`. */
export const TWO_STEP_MAX_SENDS = 5;
export const TWO_STEP_SEND_WINDOW_SECONDS = 60 * 60;

/**
 * The next two-step state, or null when the action is not allowed in this state:
 * started → code-sent (send) → completed (verify); a new code may be sent while not completed.
 */
export function nextTwoStepState(
  state: TwoStepState | null,
  action: TwoStepAction,
): TwoStepState | null {
  if (state === 'completed') return null;
  if (action === 'start') return state ?? 'started';
  if (action === 'send') return 'code-sent';
  return state === 'code-sent' ? 'completed' : null;
}

/** A two-step code as typed: exactly six digits (spaces ignored). */
export function normaliseTwoStepCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export const twoStepCodeSchema = z.strictObject({
  code: z
    .string()
    .max(20)
    .transform((code, context) => {
      const normalised = normaliseTwoStepCode(code);
      if (!normalised) {
        context.addIssue({ code: 'custom', message: signingMessages.en.codeInvalid });
        return z.NEVER;
      }
      return normalised;
    }),
});

/** The phone shown in 'Verification sent to: %s': all but the last three digits hidden. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return phone;
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 7)}${phone.slice(-3)}`;
}

// ---------------------------------------------------------------------------------------------
// Consent

/**
 * The electronic signature consent the signer accepts before signing. The signing record keeps
 * the version and the exact text shown, so a later change of wording does not rewrite history.
 */
export const SIGNING_CONSENT_VERSION = '2026-11-23';

export const signingConsentText: Record<SigningLang, string> = {
  en:
    'I have read this document and I sign it electronically. I agree that my typed signature, ' +
    'together with the signing record Pactum keeps of it (time, IP address, e-mail address and, ' +
    'where used, the verified phone number), is my electronic signature and binds me to this ' +
    'document in the same way as my handwritten signature, and that I am authorised to sign on ' +
    'behalf of the party I represent.',
  fi:
    'Olen lukenut tämän asiakirjan ja allekirjoitan sen sähköisesti. Hyväksyn, että kirjoittamani ' +
    'allekirjoitus yhdessä Pactumin siitä tallentamien tietojen kanssa (aika, IP-osoite, ' +
    'sähköpostiosoite ja käytettäessä vahvistettu puhelinnumero) on sähköinen allekirjoitukseni ' +
    'ja sitoo minua tähän asiakirjaan samalla tavalla kuin käsin kirjoitettu allekirjoitukseni, ' +
    'ja että minulla on oikeus allekirjoittaa edustamani osapuolen puolesta.',
};

/** What the sign request carries: the signature and the consent accepted (with its version). */
export const signRequestSchema = z.strictObject({
  signature: signatureSchema,
  consent: z.strictObject({
    isAccepted: z.literal(true, { message: 'Please accept the electronic signature terms.' }),
    version: z.literal(SIGNING_CONSENT_VERSION),
    lang: z.enum(languages),
  }),
});
export type SignRequest = z.infer<typeof signRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The signing API (features/signing routes)

/**
 * Reminders to signers who have not signed (issue 40): the first after `firstAfterDays`, then
 * every `everyDays`, at most `max` in all ('Remind now' included). Set when signing starts.
 */
export const REMINDER_DEFAULTS = { firstAfterDays: 3, everyDays: 3, max: 5 } as const;
/** The most reminders one signer can get, whatever a deal asks. */
export const REMINDER_MAX_LIMIT = 10;
/** 'Remind now' reaches one signer at most once in this time. */
export const REMIND_NOW_INTERVAL_SECONDS = 60 * 60;

const reminderDays = () =>
  z
    .number({ message: messageKey('required') })
    .int(messageKey('required'))
    .min(1, messageKey('reminderDays'))
    .max(365, messageKey('reminderDays'));

export const reminderSettingsSchema = z.strictObject({
  firstAfterDays: reminderDays(),
  everyDays: reminderDays(),
  max: z
    .number({ message: messageKey('required') })
    .int(messageKey('required'))
    .min(1, messageKey('reminderMax', { n: REMINDER_MAX_LIMIT }))
    .max(REMINDER_MAX_LIMIT, messageKey('reminderMax', { n: REMINDER_MAX_LIMIT })),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** PUT /deals/:dealId/signers and POST /deals/:dealId/start-signing: the caller's party's signers. */
export const signerSetupRequestSchema = z.strictObject({
  signers: z.array(signerInputSchema).max(MAX_SIGNERS_PER_PARTY * 2),
  /**
   * Reminders to the signers who have not signed: only starting signing sets them (left out:
   * the defaults; null: none).
   */
  reminders: reminderSettingsSchema.nullable().optional(),
  /**
   * The SMS two-step check for the whole deal (every signer of both parties). Only starting
   * signing sets it; a party's signer setup follows the deal's setting and ignores this.
   */
  use2faInSigning: z.boolean().optional(),
});
export type SignerSetupRequest = z.infer<typeof signerSetupRequestSchema>;

/**
 * Why a signer's link stopped working (issue 40): signing was cancelled, someone declined, the
 * sender withdrew the request, or the party named its signers again. The link then says so.
 */
export const signingLinkEndReasons = ['cancelled', 'declined', 'withdrawn', 'replaced'] as const;
export type SigningLinkEndReason = (typeof signingLinkEndReasons)[number];

/** Where a withdrawn deal goes: back to negotiation, or to the trash. */
export const withdrawTargets = ['negotiation', 'trash'] as const;
export type WithdrawTarget = (typeof withdrawTargets)[number];

/** A decline's reason: long enough to say why, short enough to read (issue 40). */
export const DECLINE_REASON_MIN = 10;
export const DECLINE_REASON_MAX = 1000;

/**
 * POST /deals/:dealId/decline-signing: a signer, or an editor of either party while the deal is
 * in signing, declines to sign and says why. The deal goes back to negotiation.
 */
export const declineRequestSchema = z.strictObject({ reason: reasonText() });
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

/** The reason a decline or a withdrawal gives (10–1,000 characters, trimmed). */
function reasonText() {
  return plainText({ message: messageKey('required') })
    .trim()
    .min(1, messageKey('required'))
    .min(DECLINE_REASON_MIN, messageKey('minLength', { n: DECLINE_REASON_MIN }))
    .max(DECLINE_REASON_MAX, messageKey('maxLength', { n: DECLINE_REASON_MAX }));
}

/**
 * POST /deals/:dealId/withdraw-signing: the sender's side takes the request back, saying why,
 * and chooses where the deal goes (a Send & Sign PDF has no negotiation: the trash only).
 */
export const withdrawRequestSchema = z.strictObject({
  reason: reasonText(),
  moveTo: z.enum(withdrawTargets),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

/**
 * PUT /deals/:dealId/signers/:signerId: a party's editor replaces one of its signers who has not
 * signed (issue 40), saying why; the others' slots, links and signatures stay as they are.
 */
export const replaceSignerRequestSchema = z.strictObject({
  firstname: signerFieldSchema,
  lastname: signerFieldSchema,
  email: signerFieldSchema,
  phone: plainText().max(40),
  reason: reasonText(),
});
export type ReplaceSignerRequest = z.infer<typeof replaceSignerRequestSchema>;

/** Who declined to sign, for which party, when and why: kept on the deal until signing restarts. */
export type DealDecline = { by: string; party: PartyRole; reason: string; at: string };

/** PATCH /signing/defaults: the user's remembered signature font and colour. */
export const signatureDefaultsSchema = z.strictObject({
  font: z.enum(signatureFonts).optional(),
  color: z.enum(signatureColors).optional(),
});
export type SignatureDefaults = { font: SignatureFont; color: SignatureColor };

/** One signer as the signing view lists them. */
export type SigningSigner = {
  id: string;
  party: PartyRole;
  firstname: string;
  lastname: string;
  email: string;
  /**
   * In full for the editors of the signer's own party (who entered it); for everyone else masked
   * (all but the first four and last three digits hidden).
   */
  phone: string | null;
  state: SignerState;
  signedAt: string | null;
  signature: Signature | null;
  city: string | null;
  country: string | null;
  /** This signer's e-mail is the caller's. */
  isMe: boolean;
  /** The caller may sign as this signer now (before any two-step check). */
  canSign: boolean;
  /** Reminders mailed to this signer so far, the last one's time and when the next is due. */
  reminders: { sent: number; lastAt: string | null; nextAt: string | null };
  /** The caller (the sender's side) may 'Remind now'. */
  canRemind: boolean;
  /** The caller (an editor of this signer's party) may replace this signer, who has not signed. */
  canReplace: boolean;
  /**
   * This signer is the caller's by e-mail, but the caller has not proven the address yet: they
   * verify their e-mail or open the signing link mailed to them before they can sign.
   */
  isEmailProofNeeded: boolean;
  /** The signer verifies their phone with an SMS code before signing. */
  use2fa: boolean;
  twoStep: TwoStepState | null;
};

/** A line of the audit trail in the signing view (its text: `auditEventText` of document-events). */
export type SigningAuditEvent = {
  id: string;
  seq: number | null;
  event: string;
  party: PartyRole | null;
  by: string | null;
  /** The section the event is about (section and comment events), when it has one. */
  section: AuditEventSection | null;
  /** Whose signature a decline voided, and a decline's reason. */
  detail: AuditEventDetail | null;
  createdAt: string;
};

/** GET /deals/:dealId/signing: everything the signing view shows. */
export type SigningView = {
  id: string;
  title: string;
  abstract: string;
  contractUid: string;
  parties: { sender: { name: string }; receiver: { name: string } };
  state: 'new' | 'negotiate' | 'in-signing' | 'signed' | 'trash';
  process: string;
  signedAt: string | null;
  isTrashed: boolean;
  use2faInSigning: boolean;
  myParty: PartyRole | null;
  /** How the caller sees the deal: a party's access, or only as a named signer. */
  role: 'edit' | 'view' | 'signer';
  isSender: boolean;
  canStartSigning: boolean;
  canCancelSigning: boolean;
  /** The caller may decline to sign (a signer, or an editor of a party, while in signing). */
  canDecline: boolean;
  /** The caller may withdraw the signing request (an editor of the sender's side, in signing). */
  canWithdraw: boolean;
  /** The last decline since signing last started, shown until it starts again. */
  declined: DealDecline | null;
  /** The deal's reminders to signers who have not signed (null: none). */
  reminders: ReminderSettings | null;
  /** The caller may set up their party's signers now. */
  canSetupSigners: boolean;
  signers: SigningSigner[];
  /** The print-style contract, or (process pdf) `hasPdf` and no sections: the uploaded PDF. */
  document: {
    sections: { number: string; title: string; html: string }[];
    contentSha256: string;
    hasPdf: boolean;
  };
  events: SigningAuditEvent[];
  isAuditChainValid: boolean;
  signedPdf: {
    state: SignedPdfState;
    sha256: string | null;
    attempts: number;
    lastError: string | null;
    canRetry: boolean;
  } | null;
  defaults: SignatureDefaults;
};

// ---------------------------------------------------------------------------------------------
// Send & Sign PDF (spec 3 §2.4, §5 send-PDF form)

export const sendPdfMessages = {
  en: {
    onlyPdf: 'Only pdf files are allowed',
    required: 'This field is required',
    noWorkspace: 'Please select workspace before sending. Workspace is not selected.',
    invalidWorkspace: 'Invalid workspace. Form is missing workspace id',
    confirm: 'Please confirm the sending.',
  },
  fi: {
    onlyPdf: 'Vain pdf-tiedostot ovat sallittuja',
    required: 'Kenttä on pakollinen',
    noWorkspace: 'Valitse työtila ennen lähettämistä. Työtilaa ei ole valittu.',
    invalidWorkspace: 'Virheellinen työtila. Lomakkeelta puuttuu työtilan tunnus',
    confirm: 'Vahvista lähetys.',
  },
} as const;

const sendPdfParty = z.strictObject({
  name: plainText().trim().min(1, sendPdfMessages.en.required).max(250),
  businessId: plainText().trim().max(250).default(''),
});

/** POST /send-pdf: the uploaded PDF, names, both parties' signers, representatives, workspace. */
export const sendPdfSchema = z.strictObject({
  uploadId: z.uuid(),
  title: plainText().trim().min(1, sendPdfMessages.en.required).max(250),
  sender: sendPdfParty,
  receiver: sendPdfParty,
  signers: signerSetupSchema({ mode: 'signing', parties: [...partyRoles] }),
  use2faInSigning: z.boolean().default(false),
  representatives: z
    .strictObject({
      emails: z.array(z.string().trim().toLowerCase().pipe(z.email())).max(20),
      message: plainText().trim().max(2000).default(''),
    })
    .optional(),
  workspaceId: z.uuid({ message: sendPdfMessages.en.invalidWorkspace }),
  isConfirmed: z.literal(true, { message: sendPdfMessages.en.confirm }),
});
export type SendPdfRequest = z.input<typeof sendPdfSchema>;

/** PUT /send-pdf/draft: the form as the user left it (every field optional, nothing checked yet). */
export const sendPdfDraftSchema = z
  .strictObject({
    uploadId: z.uuid().nullable(),
    uploadName: plainText().max(250),
    title: plainText().max(250),
    sender: z.strictObject({ name: plainText().max(250), businessId: plainText().max(250) }),
    receiver: z.strictObject({ name: plainText().max(250), businessId: plainText().max(250) }),
    signers: z.array(signerInputSchema).max(MAX_SIGNERS_PER_PARTY * 2),
    hasRepresentatives: z.boolean(),
    representatives: plainText().max(5000),
    message: plainText().max(2000),
    workspaceId: z.string().max(64),
    use2fa: z.boolean(),
  })
  .partial();
export type SendPdfDraft = z.infer<typeof sendPdfDraftSchema>;
