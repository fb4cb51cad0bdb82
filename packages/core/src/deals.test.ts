import { describe, expect, it } from 'vitest';
import {
  agreeSection,
  canStartSigning,
  checkSectionAction,
  counterSection,
  dealProgress,
  defaultContractUid,
  eventSnippet,
  homeGroupOf,
  isAgreeOffered,
  type NegotiatedSection,
  NegotiationError,
  negotiationStats,
  newSectionState,
  parseDealGroup,
  passthroughTime,
  progressColour,
  redlineHtml,
  redlineParts,
  reopenSection,
  type SectionLogEntry,
  sectionChip,
  sectionCounts,
  sectionsAwaitingAgreement,
  textRedlineHtml,
} from './deals';
import type { ContentOption } from './documents';

const T0 = new Date('2026-01-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function entry(
  state: SectionLogEntry['state'],
  party: SectionLogEntry['party'],
  minutes: number,
  contentId = 'c1',
): SectionLogEntry {
  return { state, party, userId: `${party}-user`, time: at(minutes).toISOString(), contentId };
}

type TestSection = NegotiatedSection & { title: string; content: ContentOption[] };

/** A section as the send job makes it: state sent by the sender. */
function sentSection(overrides: Partial<TestSection> = {}): TestSection {
  return {
    type: 'normal',
    title: 'Payment',
    content: [{ id: 'c1', html: '<p>Pay in 30 days.</p>' }],
    defaultContentId: 'c1',
    state: 'sent',
    stateParty: 'sender',
    log: [entry('sent', 'sender', 0)],
    ...overrides,
  };
}

const counter = (
  section: TestSection,
  party: 'sender' | 'receiver',
  html: string,
  id: string,
  minutes: number,
) =>
  counterSection({
    section,
    party,
    userId: `${party}-user`,
    time: at(minutes),
    title: section.title,
    html,
    newContentId: id,
    dealState: 'negotiate',
  });

describe('section state machine', () => {
  it('counter: a party edit sets countered, adds a new default option and logs it', () => {
    const next = counter(sentSection(), 'receiver', '<p>Pay in 14 days.</p>', 'c2', 5);
    expect(next.state).toBe('countered');
    expect(next.stateParty).toBe('receiver');
    expect(next.content.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(next.defaultContentId).toBe('c2');
    expect(next.log.at(-1)).toEqual({
      state: 'countered',
      party: 'receiver',
      userId: 'receiver-user',
      time: at(5).toISOString(),
      contentId: 'c2',
    });
  });

  it("refuses a save that changes neither title nor text with 'No changes to save.'", () => {
    expect(() => counter(sentSection(), 'receiver', '<p>Pay in 30 days.</p>', 'c2', 1)).toThrow(
      'No changes to save.',
    );
    // A changed title alone is a change.
    const renamed = counterSection({
      section: sentSection(),
      party: 'receiver',
      userId: 'u',
      time: at(1),
      title: 'Payment terms',
      html: '<p>Pay in 30 days.</p>',
      newContentId: 'c2',
      dealState: 'negotiate',
    });
    expect(renamed.title).toBe('Payment terms');
    expect(renamed.state).toBe('countered');
    // Each version keeps its title, so the rename shows among the versions.
    expect(renamed.content.map((c) => c.title)).toEqual(['Payment', 'Payment terms']);
  });

  it('the title redline marks a renamed section as deleted and inserted words', () => {
    expect(textRedlineHtml('Payment', 'Payment terms')).toBe('Payment<ins> terms</ins>');
    expect(textRedlineHtml('Fees <b>', 'Costs')).toBe('<del>Fees &lt;b&gt;</del><ins>Costs</ins>');
  });

  it('agree: offered to the other party after sent or countered, never to the proposer', () => {
    const sent = sentSection();
    expect(isAgreeOffered(sent, 'receiver')).toBe(true);
    expect(isAgreeOffered(sent, 'sender')).toBe(false);
    const countered = { ...sent, ...counter(sent, 'receiver', '<p>14 days</p>', 'c2', 1) };
    expect(isAgreeOffered(countered, 'sender')).toBe(true);
    expect(isAgreeOffered(countered, 'receiver')).toBe(false);
    const agreed = {
      ...countered,
      ...agreeSection({
        section: countered,
        party: 'sender',
        userId: 's',
        time: at(2),
        dealState: 'negotiate',
      }),
    };
    expect(agreed.state).toBe('agreed');
    expect(agreed.stateParty).toBe('sender');
    expect(agreed.log.at(-1)).toMatchObject({ state: 'agreed', party: 'sender', contentId: 'c2' });
    // Once agreed, neither party is offered agree again.
    expect(isAgreeOffered(agreed, 'sender')).toBe(false);
    expect(isAgreeOffered(agreed, 'receiver')).toBe(false);
    expect(() =>
      agreeSection({
        section: sent,
        party: 'sender',
        userId: 's',
        time: at(1),
        dealState: 'negotiate',
      }),
    ).toThrow(NegotiationError);
  });

  it('reopen: only an agreed section; state null; agree then offered to the same party only', () => {
    const sent = sentSection();
    expect(() =>
      reopenSection({
        section: sent,
        party: 'receiver',
        userId: 'r',
        time: at(1),
        dealState: 'negotiate',
      }),
    ).toThrow('Only an agreed section can be opened again for negotiation.');
    const agreed = {
      ...sent,
      ...agreeSection({
        section: sent,
        party: 'receiver',
        userId: 'r',
        time: at(1),
        dealState: 'negotiate',
      }),
    };
    const reopened = {
      ...agreed,
      ...reopenSection({
        section: agreed,
        party: 'receiver',
        userId: 'r',
        time: at(2),
        dealState: 'negotiate',
      }),
    };
    expect(reopened.state).toBeNull();
    expect(reopened.log.at(-1)).toMatchObject({
      state: 'reopened',
      party: 'receiver',
      contentId: 'c1',
    });
    expect(isAgreeOffered(reopened, 'receiver')).toBe(true);
    expect(isAgreeOffered(reopened, 'sender')).toBe(false);
    // A reopened section can be edited again.
    expect(
      checkSectionAction({
        action: 'edit',
        section: reopened,
        party: 'sender',
        dealState: 'negotiate',
      }),
    ).toEqual({
      isAllowed: true,
    });
  });

  it('an agreed section is not edited or deleted until reopened', () => {
    const sent = sentSection();
    const agreed = {
      ...sent,
      ...agreeSection({
        section: sent,
        party: 'receiver',
        userId: 'r',
        time: at(1),
        dealState: 'negotiate',
      }),
    };
    expect(() => counter(agreed, 'sender', '<p>new</p>', 'c3', 2)).toThrow(
      'This section is agreed. Open it again for negotiation before editing it.',
    );
    expect(
      checkSectionAction({ action: 'delete', section: agreed, party: 'sender', dealState: 'new' }),
    ).toEqual({
      isAllowed: false,
      reason: 'deleteAgreed',
    });
    expect(
      checkSectionAction({ action: 'delete', section: sent, party: 'sender', dealState: 'new' })
        .isAllowed,
    ).toBe(true);
  });

  it('refuses every action in signing, signed and trash, and on parties and signers sections', () => {
    for (const dealState of ['in-signing', 'signed', 'trash'] as const) {
      for (const action of ['edit', 'agree', 'reopen', 'delete'] as const) {
        expect(
          checkSectionAction({ action, section: sentSection(), party: 'receiver', dealState }),
        ).toEqual({
          isAllowed: false,
          reason: 'notEditable',
        });
      }
    }
    expect(
      checkSectionAction({
        action: 'edit',
        section: sentSection({ type: 'parties' }),
        party: 'receiver',
        dealState: 'negotiate',
      }),
    ).toEqual({ isAllowed: false, reason: 'notNormal' });
    expect(isAgreeOffered(sentSection({ type: 'signers' }), 'receiver')).toBe(false);
  });

  it('a section added in negotiation is the adding party’s proposal', () => {
    const made = newSectionState({ party: 'receiver', userId: 'r', time: at(1), contentId: 'n1' });
    expect(made.state).toBe('countered');
    const section = sentSection({
      ...made,
      content: [{ id: 'n1', html: '<p>x</p>' }],
      defaultContentId: 'n1',
    });
    expect(isAgreeOffered(section, 'sender')).toBe(true);
    expect(isAgreeOffered(section, 'receiver')).toBe(false);
  });
});

describe('chips, counts and progress', () => {
  const parties = {
    sender: { type: 'business' as const, name: 'Acme Oy' },
    receiver: { type: 'business' as const, name: 'Beta Ab' },
  };

  it('chip texts follow the last log entry, with party name and time', () => {
    expect(sectionChip(sentSection(), parties)).toEqual({
      kind: 'sent',
      text: 'Sent',
      party: 'sender',
      partyName: 'Acme Oy',
      time: at(0).toISOString(),
    });
    const texts = (['countered', 'agreed', 'reopened'] as const).map(
      (state) => sectionChip({ log: [entry(state, 'receiver', 3)] }, parties)?.text,
    );
    expect(texts).toEqual(['New version created', 'Agreed', 'Reopened']);
    expect(sectionChip({ log: [] }, parties)).toBeNull();
  });

  it('counts original, agreed, edited by you and by the other, total; parties and signers excluded', () => {
    const sections: NegotiatedSection[] = [
      sentSection({ type: 'parties' }),
      sentSection({ type: 'signers' }),
      sentSection(),
      sentSection({ state: null, log: [entry('reopened', 'sender', 2)] }),
      sentSection({ state: 'agreed', stateParty: 'receiver' }),
      sentSection({ state: 'countered', stateParty: 'receiver' }),
      sentSection({ state: 'countered', stateParty: 'receiver' }),
      sentSection({ state: 'countered', stateParty: 'sender' }),
      sentSection({ state: 'countered', stateParty: 'sender', deletedAt: new Date() }),
    ];
    expect(sectionCounts(sections, 'receiver')).toEqual({
      original: 2,
      agreed: 1,
      editedByYou: 2,
      editedByOther: 1,
      total: 6,
    });
    expect(sectionCounts(sections, 'sender')).toMatchObject({ editedByYou: 1, editedByOther: 2 });
    expect(negotiationStats(sections)).toEqual({ approved: 1, open: 5 });
  });

  it('progress is approved share, 100 when signed, 0 with nothing to count', () => {
    expect(dealProgress({ state: 'negotiate', stats: { approved: 1, open: 3 } })).toBe(25);
    expect(dealProgress({ state: 'negotiate', stats: { approved: 2, open: 1 } })).toBe(67);
    expect(dealProgress({ state: 'signed', stats: { approved: 0, open: 3 } })).toBe(100);
    expect(dealProgress({ state: 'negotiate', stats: { approved: 0, open: 0 } })).toBe(0);
    expect(dealProgress({ state: 'new', stats: null })).toBe(0);
  });

  it('colour: green above 59, blue above 29, else grey', () => {
    expect(progressColour(60)).toBe('green');
    expect(progressColour(59)).toBe('blue');
    expect(progressColour(30)).toBe('blue');
    expect(progressColour(29)).toBe('grey');
    expect(progressColour(0)).toBe('grey');
    expect(progressColour(100)).toBe('green');
  });
});

describe('contract id, start signing, groups', () => {
  it("default contract id: 'DS' + 3 + 3 letters + 4 id characters, upper case", () => {
    expect(
      defaultContractUid({
        senderName: 'Acme Oy',
        receiverName: 'beta ab',
        dealId: '9f3c1a2b-0000-4000-8000-000000000000',
      }),
    ).toBe('DSACMBET9F3C');
    // Spaces and punctuation are not letters; short names give what they have.
    expect(defaultContractUid({ senderName: 'A.B', receiverName: 'Öl', dealId: 'abcd1234' })).toBe(
      'DSABÖLABCD',
    );
  });

  it('start signing waits until the other party agreed to every change of the starting party', () => {
    const mine = sentSection({
      state: 'countered',
      stateParty: 'receiver',
      log: [entry('sent', 'sender', 0), entry('countered', 'receiver', 5, 'c2')],
    });
    const older = sentSection({
      state: 'countered',
      stateParty: 'sender',
      log: [entry('sent', 'sender', 0), entry('countered', 'sender', 3, 'c3')],
    });
    const base = { dealState: 'negotiate' as const, canEdit: true, process: 'negotiate' as const };
    expect(canStartSigning({ ...base, sections: [mine, older], party: 'receiver' })).toBe(false);
    // The sender's older change was never agreed by the receiver, though the latest counter
    // edit of the deal is the receiver's.
    expect(canStartSigning({ ...base, sections: [mine, older], party: 'sender' })).toBe(false);
    expect(canStartSigning({ ...base, sections: [mine], party: 'sender' })).toBe(true);
    const approved = {
      ...mine,
      state: 'agreed' as const,
      log: [...mine.log, entry('agreed', 'sender', 6, 'c2')],
    };
    expect(canStartSigning({ ...base, sections: [approved, older], party: 'receiver' })).toBe(true);
    // The sender changed a price, the receiver agreed another change of the sender's: the
    // price was never agreed, so the sender cannot start signing.
    const other = sentSection({
      state: 'agreed',
      stateParty: 'receiver',
      log: [
        entry('sent', 'sender', 0),
        entry('countered', 'sender', 4, 'c4'),
        entry('agreed', 'receiver', 7, 'c4'),
      ],
    });
    expect(canStartSigning({ ...base, sections: [older, other], party: 'sender' })).toBe(false);
    const priceAgreed = {
      ...older,
      state: 'agreed' as const,
      log: [...older.log, entry('agreed', 'receiver', 8, 'c3')],
    };
    expect(canStartSigning({ ...base, sections: [priceAgreed, other], party: 'sender' })).toBe(
      true,
    );
    // An agree before the party's latest version does not count for it.
    const changedAgain = {
      ...priceAgreed,
      state: 'countered' as const,
      log: [...priceAgreed.log, entry('countered', 'sender', 9, 'c5')],
    };
    expect(canStartSigning({ ...base, sections: [changedAgain], party: 'sender' })).toBe(false);
    // Nothing countered: the sent text is the sender's, so only the receiver may start.
    expect(canStartSigning({ ...base, sections: [sentSection()], party: 'receiver' })).toBe(true);
    expect(canStartSigning({ ...base, sections: [sentSection()], party: 'sender' })).toBe(false);
    // Not for view access, no party, or outside negotiation.
    expect(canStartSigning({ ...base, canEdit: false, sections: [], party: 'sender' })).toBe(false);
    expect(canStartSigning({ ...base, sections: [], party: null })).toBe(false);
    expect(
      canStartSigning({ ...base, dealState: 'in-signing', sections: [], party: 'sender' }),
    ).toBe(false);
  });

  it('start signing needs every section agreed by the other party or last changed by them', () => {
    const base = { dealState: 'negotiate' as const, canEdit: true, process: 'negotiate' as const };
    // 'Scope' as the sender sent it, 'Term' agreed by the receiver: the receiver never accepted
    // the scope, so the sender cannot start signing over it.
    const scope = sentSection({ title: 'Scope' });
    const term = sentSection({
      title: 'Term',
      state: 'agreed',
      stateParty: 'receiver',
      log: [entry('sent', 'sender', 0), entry('agreed', 'receiver', 2)],
    });
    expect(canStartSigning({ ...base, sections: [scope, term], party: 'sender' })).toBe(false);
    expect(sectionsAwaitingAgreement([scope, term], 'sender')).toEqual([scope]);
    // In the signing-only process nothing is negotiated: the receiver accepts by signing.
    expect(
      canStartSigning({ ...base, process: 'sign', sections: [scope, term], party: 'sender' }),
    ).toBe(true);

    // Once the receiver agrees to the scope too, the sender may start.
    const scopeAgreed = {
      ...scope,
      state: 'agreed' as const,
      stateParty: 'receiver' as const,
      log: [...scope.log, entry('agreed', 'receiver', 3)],
    };
    expect(canStartSigning({ ...base, sections: [scopeAgreed, term], party: 'sender' })).toBe(true);
    expect(sectionsAwaitingAgreement([scopeAgreed, term], 'sender')).toEqual([]);

    // The receiver's own new version of the scope, not agreed by anyone: the sender starting
    // signing is the sender's consent to it; the receiver still needs the sender's agree.
    const scopeCountered = sentSection({
      title: 'Scope',
      state: 'countered',
      stateParty: 'receiver',
      log: [entry('sent', 'sender', 0), entry('countered', 'receiver', 4, 'c2')],
    });
    expect(canStartSigning({ ...base, sections: [scopeCountered, term], party: 'sender' })).toBe(
      true,
    );
    expect(canStartSigning({ ...base, sections: [scopeCountered, term], party: 'receiver' })).toBe(
      false,
    );
    // The sender's untouched text is the sender's: the receiver starting signing accepts it.
    expect(canStartSigning({ ...base, sections: [scope, term], party: 'receiver' })).toBe(true);

    // A section the sender added during negotiation is the sender's version.
    const added = sentSection({
      title: 'Warranty',
      state: 'countered',
      stateParty: 'sender',
      log: [entry('countered', 'sender', 5, 'c9')],
    });
    expect(
      canStartSigning({ ...base, sections: [scopeAgreed, term, added], party: 'sender' }),
    ).toBe(false);

    // The receiver agreed and then opened the scope again: their agreement is withdrawn until
    // they agree again. A reopen by the sender leaves the receiver's agreement standing.
    const reopenedByReceiver = {
      ...scopeAgreed,
      state: null,
      stateParty: 'receiver' as const,
      log: [...scopeAgreed.log, entry('reopened', 'receiver', 6)],
    };
    expect(
      canStartSigning({ ...base, sections: [reopenedByReceiver, term], party: 'sender' }),
    ).toBe(false);
    const agreedAgain = {
      ...reopenedByReceiver,
      state: 'agreed' as const,
      log: [...reopenedByReceiver.log, entry('agreed', 'receiver', 7)],
    };
    expect(canStartSigning({ ...base, sections: [agreedAgain, term], party: 'sender' })).toBe(true);
    const reopenedBySender = {
      ...scopeAgreed,
      state: null,
      stateParty: 'sender' as const,
      log: [...scopeAgreed.log, entry('reopened', 'sender', 6)],
    };
    expect(canStartSigning({ ...base, sections: [reopenedBySender, term], party: 'sender' })).toBe(
      true,
    );

    // Deleted sections and the parties and signers sections do not count.
    const deleted = { ...scope, deletedAt: at(8) };
    const parties = sentSection({ type: 'parties', title: 'Parties' });
    expect(canStartSigning({ ...base, sections: [deleted, parties, term], party: 'sender' })).toBe(
      true,
    );
  });

  it("list groups: known groups of deals only; else 'Unsupported collection/group combination'", () => {
    expect(parseDealGroup('deals', 'waiting')).toBe('waiting');
    expect(() => parseDealGroup('deals', 'recent')).toThrow(
      'Unsupported collection/group combination',
    );
    expect(() => parseDealGroup('drafts', 'negotiate')).toThrow(
      'Unsupported collection/group combination',
    );
  });

  it('back to home goes to the list of the deal’s state', () => {
    expect(homeGroupOf({ state: 'new', hasUnsignedSignerInvite: false })).toBe('negotiate');
    expect(homeGroupOf({ state: 'in-signing', hasUnsignedSignerInvite: true })).toBe('sign');
    expect(homeGroupOf({ state: 'in-signing', hasUnsignedSignerInvite: false })).toBe('waiting');
    expect(homeGroupOf({ state: 'signed', hasUnsignedSignerInvite: false })).toBe('signed');
    expect(homeGroupOf({ state: 'trash', hasUnsignedSignerInvite: false })).toBe('trash');
  });

  it('passthrough time and event snippets', () => {
    expect(passthroughTime(at(0), at(1440 * 2 + 60 * 3 + 7))).toEqual({
      days: 2,
      hours: 3,
      minutes: 7,
    });
    expect(eventSnippet('a'.repeat(120))).toBe(`${'a'.repeat(100)}...`);
    expect(eventSnippet(' short  text ')).toBe('short text');
  });
});

describe('redline', () => {
  it('marks inserted and deleted words between two versions', () => {
    const parts = redlineParts('<p>Pay in 30 days.</p>', '<p>Pay in 14 days.</p>');
    expect(parts.filter((p) => p.kind === 'deleted').map((p) => p.text)).toEqual(['30']);
    expect(parts.filter((p) => p.kind === 'inserted').map((p) => p.text)).toEqual(['14']);
    expect(redlineHtml('<p>Pay in 30 days.</p>', '<p>Pay in 14 days.</p>')).toBe(
      'Pay in <del>30</del><ins>14</ins> days.',
    );
  });

  it('escapes text so no markup of either version passes through', () => {
    const out = redlineHtml(
      '<p>Old text</p>',
      '<p>New &lt;script&gt;alert(1)&lt;/script&gt; &amp; "q"</p>',
    );
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('&amp;');
    expect(out).toContain('&quot;q&quot;');
    expect(out.replace(/<\/?(ins|del|br)>/g, '')).not.toMatch(/[<>]/);
  });

  it('keeps paragraphs apart as line breaks', () => {
    expect(redlineHtml('<p>One</p>', '<p>One</p><p>Two</p>')).toBe('One<ins><br>Two</ins>');
  });

  it('identical versions have no marks', () => {
    expect(redlineHtml('<p>Same</p>', '<p>Same</p>')).toBe('Same');
  });
});
