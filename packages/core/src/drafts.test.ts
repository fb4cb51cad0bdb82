import { describe, expect, it } from 'vitest';
import {
  areCommentsAllowed,
  canRemoveInvite,
  canResendInvite,
  checkInviteEmails,
  commentSnippet,
  defaultContractId,
  draftDisplayState,
  isCreditSufficient,
  isPartyValid,
  isProcessValid,
  isReceiverValid,
  isSendEnabled,
  normaliseEmailTag,
  normaliseEmailTags,
  putReceiversSchema,
  requiredHighlights,
  sendDraftSchema,
  splitEmailTags,
  totalPrice,
  unlockedStepCount,
  updateDraftSchema,
} from './drafts';

const business = (name: string) => ({ type: 'business' as const, name });
const receiver = (name: string, emails: string[]) => ({ party: business(name), emails });

describe('parties', () => {
  it('needs a name for a business and a name and e-mail for a person', () => {
    expect(isPartyValid(business('Acme Oy'))).toBe(true);
    expect(isPartyValid(business('  '))).toBe(false);
    expect(isPartyValid({ type: 'person', name: 'Mia' })).toBe(false);
    expect(isPartyValid({ type: 'person', name: 'Mia', email: 'not-mail' })).toBe(false);
    expect(isPartyValid({ type: 'person', name: 'Mia', email: ' Mia@Example.com ' })).toBe(true);
    expect(isPartyValid({ type: 'person', name: '', email: 'mia@example.com' })).toBe(false);
    expect(isPartyValid(undefined)).toBe(false);
  });

  it('accepts a receiver with a name longer than 1 character and an e-mail', () => {
    expect(isReceiverValid(receiver('Ab', ['a@b.fi']))).toBe(true);
    expect(isReceiverValid(receiver('A', ['a@b.fi']))).toBe(false);
    expect(isReceiverValid(receiver('Acme', []))).toBe(false);
    expect(isReceiverValid(receiver('Acme', ['nonsense']))).toBe(false);
  });
});

describe('e-mail tags', () => {
  it('trims spaces, commas and semicolons, lower-cases and drops invalid ones', () => {
    expect(normaliseEmailTag(' ;Mia@Example.COM, ')).toBe('mia@example.com');
    expect(normaliseEmailTag('mia@')).toBeNull();
    expect(normaliseEmailTag(',,;')).toBeNull();
  });

  it('de-duplicates per receiver', () => {
    expect(normaliseEmailTags(['A@x.fi', 'a@x.fi;', 'bad', 'b@y.fi '])).toEqual([
      'a@x.fi',
      'b@y.fi',
    ]);
  });

  it('splits typed text at space, comma and semicolon', () => {
    expect(splitEmailTags('a@x.fi, b@y.fi;c@z.fi  d@w.fi')).toEqual([
      'a@x.fi',
      'b@y.fi',
      'c@z.fi',
      'd@w.fi',
    ]);
  });
});

describe('credits', () => {
  it('prices null as 1 credit per receiver', () => {
    expect(totalPrice(null, 3)).toBe(3);
    expect(totalPrice(4, 2)).toBe(8);
  });

  it('is sufficient when the total is not above the balance, or on the demo account', () => {
    expect(isCreditSufficient({ price: 2, receiverCount: 2, credits: 4, isDemo: false })).toBe(
      true,
    );
    expect(isCreditSufficient({ price: 2, receiverCount: 2, credits: 3, isDemo: false })).toBe(
      false,
    );
    expect(isCreditSufficient({ price: 2, receiverCount: 2, credits: 0, isDemo: true })).toBe(true);
    expect(isCreditSufficient({ price: null, receiverCount: 1, credits: 0, isDemo: false })).toBe(
      false,
    );
  });
});

describe('send page', () => {
  const valid = [receiver('Acme', ['a@x.fi'])];
  const base = {
    isSaving: false,
    isConfirmed: true,
    receivers: valid,
    isCreditSufficient: true,
  };

  it('enables sending only when every condition holds', () => {
    expect(isSendEnabled(base)).toBe(true);
    expect(isSendEnabled({ ...base, isSaving: true })).toBe(false);
    expect(isSendEnabled({ ...base, isConfirmed: false })).toBe(false);
    expect(isSendEnabled({ ...base, receivers: [] })).toBe(false);
    expect(isSendEnabled({ ...base, isCreditSufficient: false })).toBe(false);
    expect(isSendEnabled({ ...base, receivers: [...valid, receiver('B', ['b@x.fi'])] })).toBe(
      false,
    );
    expect(isSendEnabled({ ...base, isReviewMode: true, isAllReviewed: false })).toBe(false);
    expect(isSendEnabled({ ...base, isReviewMode: true, isAllReviewed: true })).toBe(true);
  });

  it('unlocks the steps in order', () => {
    const all = {
      senderName: 'Seller Oy',
      isProcessValid: true,
      receivers: valid,
      workspaceId: 'w1',
    };
    expect(unlockedStepCount(all)).toBe(5);
    expect(unlockedStepCount({ ...all, workspaceId: null })).toBe(4);
    expect(unlockedStepCount({ ...all, receivers: [] })).toBe(3);
    expect(unlockedStepCount({ ...all, isProcessValid: false })).toBe(2);
    expect(unlockedStepCount({ ...all, senderName: ' ' })).toBe(1);
  });

  it('refuses the sign process when required-highlight text is left', () => {
    const section = (html: string) => ({
      id: 's1',
      title: 'Price',
      content: [{ id: 'c1', html }],
      defaultContentId: 'c1',
    });
    expect(requiredHighlights('<p>Pay <mark data-required="">EUR ___</mark></p>')).toEqual([
      'EUR ___',
    ]);
    expect(requiredHighlights('<p><span data-required>&nbsp;</span></p>')).toEqual([]);
    expect(isProcessValid('sign', [section('<p><mark data-required>X</mark></p>')])).toBe(false);
    expect(isProcessValid('negotiate', [section('<p><mark data-required>X</mark></p>')])).toBe(
      true,
    );
    expect(isProcessValid('sign', [section('<p>All set</p>')])).toBe(true);
    expect(isProcessValid(null, [])).toBe(false);
  });
});

describe('invite dialog', () => {
  it('gives the spec’s messages', () => {
    expect(checkInviteEmails([], [])).toMatchObject({
      isValid: false,
      message: 'Please type at least one email address',
    });
    expect(checkInviteEmails(['ok@x.fi', 'wrong@'], [])).toMatchObject({
      isValid: false,
      message: 'Invalid email address: wrong@',
    });
    expect(checkInviteEmails(['Old@x.fi'], ['old@x.fi'])).toMatchObject({
      isValid: false,
      message: 'Already invited exist in the new receivers addresses.',
    });
    expect(checkInviteEmails(['a@x.fi', 'A@x.fi'], [])).toMatchObject({
      isValid: false,
      message: 'a@x.fi is already invited. Please remove double invite.',
    });
    expect(checkInviteEmails(['New@X.fi;'], ['old@x.fi'])).toEqual({
      isValid: true,
      emails: ['new@x.fi'],
    });
    expect(checkInviteEmails([], [], 'fi')).toMatchObject({
      message: 'Kirjoita vähintään yksi sähköpostiosoite',
    });
  });

  it('resends missing, new and failed invites and removes only new ones', () => {
    for (const status of [undefined, 'new', 'failed', 'bounced', 'undelivered', 'error'] as const) {
      expect(canResendInvite(status)).toBe(true);
    }
    for (const status of ['delivered', 'open', 'clicked'] as const) {
      expect(canResendInvite(status)).toBe(false);
      expect(canRemoveInvite(status)).toBe(false);
    }
    expect(canRemoveInvite('new')).toBe(true);
    expect(canRemoveInvite('failed')).toBe(false);
  });
});

describe('comments, contract id and display state', () => {
  it('cuts a snippet at 100 characters with ...', () => {
    expect(commentSnippet('short')).toBe('short');
    expect(commentSnippet('x'.repeat(100))).toBe('x'.repeat(100));
    expect(commentSnippet('y'.repeat(101))).toBe(`${'y'.repeat(100)}...`);
  });

  it('refuses internal comments in signing and signed deals', () => {
    expect(areCommentsAllowed('negotiate')).toBe(true);
    expect(areCommentsAllowed('in-signing')).toBe(false);
    expect(areCommentsAllowed('signed')).toBe(false);
    expect(areCommentsAllowed('trash')).toBe(false);
  });

  it('makes the default contract id', () => {
    expect(defaultContractId('Seller Oy', 'buyer ab', 'a1b2c3d4-0000')).toBe('DSSELBUYA1B2');
    expect(defaultContractId('Äö', 'X', 'abcd')).toBe('DSÄÖXABCD');
  });

  it('derives the draft display state', () => {
    expect(draftDisplayState({ sentAt: null, dealCount: 0, closedCount: 0 })).toBe('draft');
    expect(draftDisplayState({ sentAt: '2026-01-01', dealCount: 2, closedCount: 1 })).toBe('open');
    expect(draftDisplayState({ sentAt: '2026-01-01', dealCount: 2, closedCount: 2 })).toBe('done');
  });
});

describe('request schemas', () => {
  it('requires a title when one is given and a confirmed send', () => {
    const title = updateDraftSchema.safeParse({ title: '  ' });
    expect(title.success).toBe(false);
    expect(title.error?.issues[0]?.message).toBe('Title is required');
    expect(
      sendDraftSchema.safeParse({
        workspaceId: '00000000-0000-4000-8000-000000000001',
        dealProcess: 'negotiate',
        isConfirmed: false,
      }).success,
    ).toBe(false);
    expect(
      putReceiversSchema.safeParse({
        receivers: [{ party: business('Acme'), emails: ['a@x.fi'] }],
      }).success,
    ).toBe(true);
  });

  it('stores a party being typed but refuses a malformed e-mail and a too long name', () => {
    const parties = (sender: object) => ({ parties: { sender, receiver: business('') } });
    // Saved while typed: a person without an e-mail yet, an emptied e-mail field.
    expect(updateDraftSchema.safeParse(parties({ type: 'person', name: 'Mia' })).success).toBe(
      true,
    );
    expect(
      updateDraftSchema.safeParse(parties({ type: 'person', name: 'Mia', email: ' ' })).success,
    ).toBe(true);
    const parsed = updateDraftSchema.safeParse(
      parties({ type: 'person', name: 'Mia', email: ' mia@example.com ' }),
    );
    expect(parsed.data?.parties?.sender.email).toBe('mia@example.com');

    const malformed = updateDraftSchema.safeParse(
      parties({ type: 'person', name: 'Mia', email: 'mia@' }),
    );
    expect(malformed.error?.issues).toEqual([
      expect.objectContaining({ path: ['parties', 'sender', 'email'], message: 'v:email' }),
    ]);
    const long = updateDraftSchema.safeParse(parties(business('x'.repeat(251))));
    expect(long.error?.issues[0]?.message).toBe('v:maxLength|n=250');
    expect(
      putReceiversSchema.safeParse({
        receivers: [{ party: { type: 'person', name: 'Bo', email: 'bo' }, emails: ['bo@x.fi'] }],
      }).success,
    ).toBe(false);
  });
});
