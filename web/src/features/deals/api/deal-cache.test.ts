import type { LiveEvent } from '@pactum/core/realtime';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachmentsQueryKey } from '../../attachments';
import { dealDetailQueryKey, dealQueryKey } from '../../documents';
import { invitesQueryKey } from '../../invites';
import { signingQueryKey } from '../../signing';
import type { DealDetail, DealFigures, DealSection, DealSectionChange } from '../types';
import { applySectionChange, takeTicket } from './deal-cache';
import { refreshDealOnEvent } from './deal-live-refresh';
import { dealQueryOptions } from './get-deal';
import { myInviteQueryKey } from './get-my-invite';
import { redlinesQueryKey } from './get-redline';
import { dealEventsQueryKey } from './list-events';
import { versionsQueryKey } from './list-versions';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const MARY = { id: '00000000-0000-4000-8000-0000000000f1', name: 'Mary' };
const TIME = '2025-01-01T00:00:00.000Z';

function section(id: string, overrides: Partial<DealSection> = {}): DealSection {
  return {
    id,
    parentId: null,
    position: 0,
    number: '1',
    type: 'normal',
    title: `Section ${id.slice(-1)}`,
    help: null,
    versionCount: 1,
    defaultContentId: null,
    html: '<p>first</p>',
    state: 'sent',
    stateParty: null,
    log: [],
    chip: null,
    lockedBy: null,
    isLockedByMe: false,
    canEdit: true,
    canAgree: true,
    canReopen: false,
    canDelete: true,
    modifiedAt: TIME,
    ...overrides,
  };
}

const figures: DealFigures = {
  state: 'negotiate',
  modifiedAt: '2025-01-02T00:00:00.000Z',
  negotiationStats: { approved: 1, open: 2 },
  counts: { original: 1, agreed: 1, editedByYou: 1, editedByOther: 0, total: 3 },
  progress: 33,
  progressColour: 'blue',
  canStartSigning: false,
};

function deal(id: string, sections: DealSection[]): DealDetail {
  return {
    id,
    draftId: null,
    title: 'Lease',
    abstract: '',
    contractUid: 'C-1',
    parties: {} as DealDetail['parties'],
    state: 'new',
    beforeTrashState: null,
    process: 'negotiate',
    sentBy: MARY.id,
    senderName: 'Mary',
    sentAt: TIME,
    sendQueuedAt: null,
    signedAt: null,
    declined: null,
    createdAt: TIME,
    modifiedAt: TIME,
    negotiationStats: { approved: 0, open: 3 },
    myParty: 'sender',
    role: 'edit',
    canEdit: true,
    canTrash: true,
    canEditSettings: true,
    canStartSigning: false,
    isTrashed: false,
    sections,
    counts: { original: 3, agreed: 0, editedByYou: 0, editedByOther: 0, total: 3 },
    progress: 0,
    progressColour: 'grey',
    home: 'negotiate',
    receiverValidated: true,
  };
}

function change(sectionNow: DealSection, unlockedSectionIds: string[] = []): DealSectionChange {
  return { section: sectionNow, deal: figures, unlockedSectionIds };
}

let dealCount = 0;
/** A deal id of the test's own: the answers' order is kept per deal across the file. */
function nextDealId(): string {
  dealCount += 1;
  return `00000000-0000-4000-8000-${String(dealCount).padStart(12, '0')}`;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function cached(queryClient: QueryClient, dealId: string): DealDetail {
  const detail = queryClient.getQueryData<DealDetail>(dealDetailQueryKey(dealId));
  if (!detail) throw new Error('no deal cached');
  return detail;
}

const sectionOf = (detail: DealDetail, id: string) => detail.sections.find((s) => s.id === id);

describe('applySectionChange', () => {
  it('puts the section in, merges the figures and frees the sections the action let go of', () => {
    const queryClient = new QueryClient();
    const dealId = nextDealId();
    const locked = { lockedBy: MARY, isLockedByMe: true };
    queryClient.setQueryData(
      dealDetailQueryKey(dealId),
      deal(dealId, [section(A), section(B, { ...locked, html: '<p>b</p>' }), section(C, locked)]),
    );

    const saved = section(A, { html: '<p>second</p>', versionCount: 2, state: 'countered' });
    expect(applySectionChange(queryClient, dealId, change(saved, [B]))).toBe(true);

    const detail = cached(queryClient, dealId);
    expect(sectionOf(detail, A)).toEqual(saved);
    expect(sectionOf(detail, B)).toEqual(section(B, { html: '<p>b</p>' }));
    expect(sectionOf(detail, C)?.lockedBy).toEqual(MARY);
    expect(detail.state).toBe('negotiate');
    expect(detail.counts).toEqual(figures.counts);
    expect(detail.progress).toBe(33);
    expect(detail.title).toBe('Lease');
    expect(queryClient.getQueryState(dealDetailQueryKey(dealId))?.isInvalidated).toBe(false);
  });

  it('refetches the deal instead when it has no section with that id', () => {
    const queryClient = new QueryClient();
    const dealId = nextDealId();
    queryClient.setQueryData(dealDetailQueryKey(dealId), deal(dealId, [section(A)]));

    expect(applySectionChange(queryClient, dealId, change(section(B)))).toBe(false);
    expect(cached(queryClient, dealId).sections.map((s) => s.id)).toEqual([A]);
    expect(queryClient.getQueryState(dealDetailQueryKey(dealId))?.isInvalidated).toBe(true);
  });

  it('keeps a newer answer when an older request answers after it', () => {
    const queryClient = new QueryClient();
    const dealId = nextDealId();
    queryClient.setQueryData(dealDetailQueryKey(dealId), deal(dealId, [section(A)]));
    const older = takeTicket();
    const newer = takeTicket();

    const locked = section(A, { lockedBy: MARY });
    expect(applySectionChange(queryClient, dealId, change(locked), newer)).toBe(true);
    expect(applySectionChange(queryClient, dealId, change(section(A)), older)).toBe(false);
    expect(sectionOf(cached(queryClient, dealId), A)?.lockedBy).toEqual(MARY);
  });

  it('keeps the deal fetched after a section request started over that request’s answer', async () => {
    const queryClient = new QueryClient();
    const dealId = nextDealId();
    const ticket = takeTicket();
    const fresh = section(A, { html: '<p>third</p>', versionCount: 3 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(deal(dealId, [fresh]))),
    );
    await queryClient.fetchQuery(dealQueryOptions(dealId));
    vi.unstubAllGlobals();

    expect(applySectionChange(queryClient, dealId, change(section(A)), ticket)).toBe(false);
    expect(sectionOf(cached(queryClient, dealId), A)).toEqual(fresh);
  });
});

describe('refreshDealOnEvent', () => {
  let queryClient: QueryClient;
  let dealId: string;
  let fetchMock: ReturnType<typeof vi.fn>;

  /** The queries a deal page can hold besides the deal itself. */
  const keys = () => ({
    feed: dealEventsQueryKey(dealId),
    versionsA: versionsQueryKey(dealId, A),
    redlineA: [...redlinesQueryKey(dealId, A), 'c1', 'c2'],
    versionsB: versionsQueryKey(dealId, B),
    redlineB: [...redlinesQueryKey(dealId, B), 'c1', 'c2'],
    signing: signingQueryKey(dealId),
    tags: [...dealQueryKey(dealId), 'tags'],
    access: [...dealQueryKey(dealId), 'access'],
    invites: invitesQueryKey(dealId),
    myInvite: myInviteQueryKey(dealId),
    attachments: attachmentsQueryKey('deals', dealId),
  });
  type Name = keyof ReturnType<typeof keys> | 'detail';

  const keyOf = (name: Name): QueryKey =>
    name === 'detail' ? dealDetailQueryKey(dealId) : keys()[name];

  /** The queries now due for a refetch, by name. */
  function invalidated(): Name[] {
    const names: Name[] = ['detail', ...(Object.keys(keys()) as Name[])];
    return names.filter((name) => queryClient.getQueryState(keyOf(name))?.isInvalidated);
  }

  const event = (type: string, data?: Record<string, unknown>): LiveEvent => ({
    topic: `deal:${dealId}`,
    type,
    ...(data ? { data } : {}),
  });

  beforeEach(() => {
    queryClient = new QueryClient();
    dealId = nextDealId();
    queryClient.setQueryData(dealDetailQueryKey(dealId), deal(dealId, [section(A), section(B)]));
    for (const key of Object.values(keys())) queryClient.setQueryData(key, { seeded: true });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('on section.changed asks for that section and refetches its history, nothing else', async () => {
    const saved = section(A, { html: '<p>second</p>', versionCount: 2 });
    fetchMock.mockResolvedValue(json(change(saved)));

    expect(
      refreshDealOnEvent(queryClient, dealId, event('section.changed', { sectionId: A })),
    ).toBe(true);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/v1/deals/${dealId}/sections/${A}`);
    await vi.waitFor(() => expect(sectionOf(cached(queryClient, dealId), A)).toEqual(saved));
    expect(cached(queryClient, dealId).progress).toBe(33);
    expect(invalidated()).toEqual(['feed', 'versionsA', 'redlineA', 'signing']);
  });

  it('on section.locked puts the section in and leaves the feed alone', async () => {
    const locked = section(A, { lockedBy: MARY, canEdit: false });
    fetchMock.mockResolvedValue(json(change(locked)));

    expect(refreshDealOnEvent(queryClient, dealId, event('section.locked', { sectionId: A }))).toBe(
      true,
    );

    await vi.waitFor(() => expect(sectionOf(cached(queryClient, dealId), A)).toEqual(locked));
    expect(invalidated()).toEqual([]);
  });

  it('refetches the deal when a lock let go of other sections', () => {
    const data = { sectionId: A, unlockedSectionIds: [B] };
    expect(refreshDealOnEvent(queryClient, dealId, event('section.locked', data))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(invalidated()).toEqual(['detail']);
  });

  it('refetches the deal when the section is gone', async () => {
    fetchMock.mockResolvedValue(json({ error: { code: 'not_found', message: 'Not found' } }, 404));
    refreshDealOnEvent(queryClient, dealId, event('section.changed', { sectionId: A }));
    await vi.waitFor(() => expect(invalidated()).toContain('detail'));
  });

  it('keeps the newer of two answers for one section that come back out of order', async () => {
    const answers: Array<(response: Response) => void> = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    refreshDealOnEvent(queryClient, dealId, event('section.locked', { sectionId: A }));
    refreshDealOnEvent(queryClient, dealId, event('section.locked', { sectionId: A }));
    expect(answers).toHaveLength(2);

    // The second request was answered after the unlock; the first one before it.
    answers[1]?.(json(change(section(A)), 200));
    await vi.waitFor(() => expect(cached(queryClient, dealId).progress).toBe(33));
    answers[0]?.(json(change(section(A, { lockedBy: MARY }))));
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(sectionOf(cached(queryClient, dealId), A)?.lockedBy).toBeNull();
  });

  it('on sections.changed refetches the deal, the feed and the signing view', () => {
    expect(
      refreshDealOnEvent(queryClient, dealId, event('sections.changed', { sectionId: A })),
    ).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(invalidated()).toEqual(['detail', 'feed', 'signing']);
  });

  it('on invites.changed refetches the invites and the feed only', () => {
    expect(refreshDealOnEvent(queryClient, dealId, event('invites.changed'))).toBe(true);
    expect(invalidated()).toEqual(['feed', 'invites', 'myInvite']);
  });

  it('on attachments.changed refetches the attachments only', () => {
    expect(refreshDealOnEvent(queryClient, dealId, event('attachments.changed'))).toBe(true);
    expect(invalidated()).toEqual(['attachments']);
  });

  it('leaves other events, and section events without a section, to the whole deal', () => {
    for (const unknown of [
      event('signing.changed'),
      event('document.changed'),
      event('section.changed'),
      event('section.locked', { sectionId: 42 }),
    ]) {
      expect(refreshDealOnEvent(queryClient, dealId, unknown)).toBe(false);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(invalidated()).toEqual([]);
  });
});
