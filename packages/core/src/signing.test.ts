import { describe, expect, it } from 'vitest';
import {
  canSignAs,
  capitaliseName,
  isSignerEmailProven,
  isSigningComplete,
  maskPhone,
  nextTwoStepState,
  normaliseTwoStepCode,
  SIGNING_CONSENT_VERSION,
  type SignerInput,
  signatureColorHex,
  signatureColors,
  signatureFonts,
  signatureSchema,
  signerIssueText,
  signerSetupSchema,
  signingConsentText,
  signingMessage,
  signRefusal,
  signRequestSchema,
  validateSigners,
} from './signing';

const signer = (overrides: Partial<SignerInput> = {}): SignerInput => ({
  party: 'sender',
  firstname: 'matti',
  lastname: 'meikäläinen',
  email: ' Matti@Example.COM ',
  phone: '+358 40 123 4567',
  ...overrides,
});

describe('signer setup', () => {
  it('normalises names, e-mail and phone', () => {
    const { signers, issues } = validateSigners([signer()], { mode: 'signing' });
    expect(issues).toEqual([]);
    expect(signers[0]).toEqual({
      party: 'sender',
      firstname: 'Matti',
      lastname: 'Meikäläinen',
      email: 'matti@example.com',
      phone: '+358401234567',
    });
    expect(capaliseCases()).toEqual(['Anna-Liisa Von Ahn', 'Åsa Öberg', 'McDonald']);
  });

  it('requires every field with the spec message', () => {
    const { issues } = validateSigners(
      [signer({ firstname: ' ', lastname: '', email: '', phone: '+' })],
      { mode: 'signing' },
    );
    expect(issues.map((issue) => [issue.field, signerIssueText(issue)])).toEqual([
      ['firstname', 'Field is required'],
      ['lastname', 'Field is required'],
      ['email', 'Field is required'],
      ['phone', 'Field is required'],
    ]);
  });

  it('refuses a phone without + or with letters, and an invalid e-mail', () => {
    for (const phone of ['0401234567', '+358', '+358abc1234', '358401234567']) {
      const { issues } = validateSigners([signer({ phone })], { mode: 'signing' });
      expect(issues.map((issue) => signerIssueText(issue))).toContain(
        'Phone number must be valid (e.g., +358)',
      );
    }
    const { issues } = validateSigners([signer({ email: 'matti@example' })], { mode: 'signing' });
    expect(issues.map((issue) => signerIssueText(issue))).toEqual(['E-mail must be valid']);
  });

  it('refuses duplicate e-mails and phones, naming them', () => {
    const { issues } = validateSigners(
      [
        signer(),
        signer({ email: 'MATTI@example.com', firstname: 'Maija' }),
        signer({ party: 'receiver', email: 'liisa@example.com', phone: '+46701234567' }),
      ],
      { mode: 'signing' },
    );
    expect(issues.map((issue) => signerIssueText(issue))).toEqual([
      'You have signers with same email: matti@example.com',
      'You have signers with same phone number: +358401234567',
    ]);
    expect(signerIssueText(issues[0] as never, 'fi')).toBe(
      'Sinulla on allekirjoittajia, joilla on sama sähköposti: matti@example.com',
    );
  });

  it('takes 1 to 4 signers per party when signing, 0 to 4 in the negotiation setup', () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        signer({ email: `s${i}@example.com`, phone: `+35840123456${i}` }),
      );
    expect(validateSigners(many(4), { mode: 'signing' }).issues).toEqual([]);
    expect(validateSigners(many(5), { mode: 'signing' }).issues).toMatchObject([
      { field: 'signers', party: 'sender', key: 'signerAmount' },
    ]);
    expect(
      validateSigners(many(1), { mode: 'signing', parties: ['sender', 'receiver'] }).issues,
    ).toMatchObject([{ field: 'signers', party: 'receiver', key: 'signerAmount' }]);
    expect(
      validateSigners([], { mode: 'negotiation', parties: ['sender', 'receiver'] }).issues,
    ).toEqual([]);
    expect(validateSigners(many(5), { mode: 'negotiation' }).issues).toMatchObject([
      { key: 'signerAmountSetup' },
    ]);
  });

  it('as a schema: parses to normalised signers or fails at the field', () => {
    const schema = signerSetupSchema({ mode: 'signing' });
    expect(schema.parse([signer()])[0]?.email).toBe('matti@example.com');
    const result = schema.safeParse([signer({ email: 'nope' })]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: [0, 'email'],
      message: 'E-mail must be valid',
    });
  });
});

function capaliseCases() {
  return ['anna-liisa  von ahn', 'åsa öberg', 'McDonald'].map(capitaliseName);
}

describe('signature', () => {
  it('has the 11 fonts and the 5 colours with hex values', () => {
    expect(signatureFonts).toHaveLength(11);
    expect(signatureColors).toEqual(['purple', 'indigo', 'green', 'bluegrey', 'grey']);
    for (const color of signatureColors) expect(signatureColorHex[color]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('needs at least 2 characters after trimming', () => {
    const result = signatureSchema.safeParse({ text: ' M ', font: 'kalam', color: 'green' });
    expect(result.error?.issues[0]?.message).toBe('Please fill your signature to input field.');
    expect(signatureSchema.parse({ text: ' MM ', font: 'kalam', color: 'green' }).text).toBe('MM');
    expect(
      signatureSchema.safeParse({ text: 'MM', font: 'comic-sans', color: 'green' }).success,
    ).toBe(false);
  });

  it('is accepted only with the consent of the current version', () => {
    const signature = { text: 'Matti', font: 'montez', color: 'purple' };
    expect(
      signRequestSchema.safeParse({
        signature,
        consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'fi' },
      }).success,
    ).toBe(true);
    expect(
      signRequestSchema.safeParse({
        signature,
        consent: { isAccepted: false, version: SIGNING_CONSENT_VERSION, lang: 'en' },
      }).success,
    ).toBe(false);
    expect(signingConsentText.en).toContain('electronic signature');
    expect(signingConsentText.fi).toContain('sähköinen allekirjoitukseni');
  });
});

describe('completion and who may sign', () => {
  it('is complete only when both parties have signers and all signed', () => {
    expect(isSigningComplete([])).toBe(false);
    expect(isSigningComplete([{ party: 'sender', state: 'signed' }])).toBe(false);
    expect(
      isSigningComplete([
        { party: 'sender', state: 'signed' },
        { party: 'receiver', state: 'new' },
      ]),
    ).toBe(false);
    expect(
      isSigningComplete([
        { party: 'sender', state: 'signed' },
        { party: 'receiver', state: 'signed' },
        { party: 'receiver', state: 'signed' },
      ]),
    ).toBe(true);
  });

  it('lets only the unsigned signer with the user e-mail sign while in signing', () => {
    const s = { email: 'Matti@example.com', state: 'new' as const };
    const matti = { email: 'matti@example.com', isEmailProven: true };
    expect(canSignAs(s, matti, 'in-signing')).toBe(true);
    expect(canSignAs(s, { ...matti, email: 'other@example.com' }, 'in-signing')).toBe(false);
    expect(canSignAs(s, matti, 'negotiate')).toBe(false);
    expect(canSignAs({ ...s, state: 'signed' }, matti, 'in-signing')).toBe(false);
    // The same e-mail on an account that has not proven it is not enough.
    expect(canSignAs(s, { ...matti, isEmailProven: false }, 'in-signing')).toBe(false);
  });

  it('takes the e-mail as proven when verified or when the user opened the signing link', () => {
    const me = { id: 'u1', isEmailVerified: false };
    expect(isSignerEmailProven({ userId: null }, me)).toBe(false);
    expect(isSignerEmailProven({ userId: 'u2' }, me)).toBe(false);
    expect(isSignerEmailProven({ userId: 'u1' }, me)).toBe(true);
    expect(isSignerEmailProven({ userId: null }, { ...me, isEmailVerified: true })).toBe(true);
  });
});

describe('two-step verification', () => {
  it('goes started → code-sent → completed', () => {
    expect(nextTwoStepState(null, 'start')).toBe('started');
    expect(nextTwoStepState('started', 'verify')).toBeNull();
    expect(nextTwoStepState('started', 'send')).toBe('code-sent');
    expect(nextTwoStepState('code-sent', 'send')).toBe('code-sent');
    expect(nextTwoStepState('code-sent', 'verify')).toBe('completed');
    expect(nextTwoStepState('completed', 'send')).toBeNull();
    expect(nextTwoStepState('completed', 'verify')).toBeNull();
  });

  it('takes exactly six digits', () => {
    expect(normaliseTwoStepCode('123 456')).toBe('123456');
    expect(normaliseTwoStepCode('12345')).toBeNull();
    expect(normaliseTwoStepCode('12345a')).toBeNull();
  });

  it('has the spec texts', () => {
    expect(signingMessage('codeSent', 'en', maskPhone('+358401234567'))).toBe(
      'Verification sent to: +358******567',
    );
    expect(signingMessage('allSigned', 'en', 'NDA')).toBe(
      'Great! All parties have now signed the "NDA" document!',
    );
  });
});

describe('the sign step', () => {
  const ok = {
    dealState: 'in-signing',
    signer: { email: 'Matti@Example.com', state: 'new' as const },
    user: { email: 'matti@example.com' },
    isEmailProven: true,
    isTwoStepRequired: true,
    twoStepState: 'completed' as const,
    frozenContentSha256: 'abc',
    currentContentSha256: 'abc',
  };

  it('lets the named, verified signer sign the frozen text', () => {
    expect(signRefusal(ok)).toBeNull();
    expect(signRefusal({ ...ok, isTwoStepRequired: false, twoStepState: null })).toBeNull();
  });

  it('refuses each broken rule with its message', () => {
    expect(signRefusal({ ...ok, signer: null })).toBe('signerNotFound');
    expect(signingMessage('signerNotFound')).toBe('Technical error. Please contact support');
    expect(signRefusal({ ...ok, dealState: 'negotiate' })).toBe('notInSigning');
    expect(signRefusal({ ...ok, dealState: 'signed' })).toBe('notInSigning');
    expect(signRefusal({ ...ok, signer: { ...ok.signer, state: 'signed' } })).toBe('alreadySigned');
    expect(signRefusal({ ...ok, user: { email: 'other@example.com' } })).toBe('notYourSigner');
    // A claimed link without the e-mail is still not the signer's; an unproven e-mail is asked for.
    expect(signRefusal({ ...ok, user: { email: 'other@example.com' }, isEmailProven: false })).toBe(
      'notYourSigner',
    );
    expect(signRefusal({ ...ok, isEmailProven: false })).toBe('emailNotVerified');
    expect(signingMessage('emailNotVerified')).toBe(
      'Please verify your e-mail address before signing.',
    );
    expect(signRefusal({ ...ok, twoStepState: 'code-sent' })).toBe('twoStepRequired');
    expect(signRefusal({ ...ok, currentContentSha256: 'changed' })).toBe('contentChanged');
    expect(signRefusal({ ...ok, frozenContentSha256: null })).toBe('contentChanged');
  });
});
