import { randomUUID } from 'node:crypto';
import type { DealProcess, DealState, Parties, SectionType } from '@pactum/core/documents';
import type { DbOrTx } from '../db/client';
import { dealSections, deals, documentAccess, workspaceMembers, workspaces } from '../db/schema';

type Person = { id: string };

export type DealFactoryOptions = {
  /** The user who sent the deal: sender party, edit access. */
  sender: Person;
  /** The receiver party's user with edit access (as after claiming an invite). */
  receiver?: Person;
  /** More users with direct access: their party and role. */
  others?: { user: Person; party: 'sender' | 'receiver'; role: 'edit' | 'view' }[];
  /** A whole workspace with access (party sender unless told). */
  workspaceAccess?: { workspaceId: string; party?: 'sender' | 'receiver'; role: 'edit' | 'view' };
  title?: string;
  state?: DealState;
  process?: DealProcess;
  parties?: Parties;
  /** Sections in order; a parties section is put first unless `withPartiesSection` is false. */
  sections?: { title: string; html: string; type?: SectionType }[];
  withPartiesSection?: boolean;
  /**
   * Every negotiated section agreed by the receiver after it was sent (log `sent`, then
   * `agreed`), as when the receiver accepted the text: the sender may start signing.
   */
  isAgreedByReceiver?: boolean;
};

export type MadeDeal = {
  deal: typeof deals.$inferSelect;
  sections: (typeof dealSections.$inferSelect)[];
};

/**
 * A deal as the send job leaves it: sections in state `sent` by the sender (log one `sent`
 * entry each), the sender's and receiver's `document_access` rows (collection deals, role edit).
 */
export async function createDeal(db: DbOrTx, options: DealFactoryOptions): Promise<MadeDeal> {
  const parties: Parties = options.parties ?? {
    sender: { type: 'business', name: 'Acme Oy' },
    receiver: { type: 'business', name: 'Beta Ab' },
  };
  const sentAt = new Date(Date.now() - 60_000);
  const [deal] = await db
    .insert(deals)
    .values({
      title: options.title ?? 'Service agreement',
      abstract: 'Services for a year',
      state: options.state ?? 'new',
      process: options.process ?? 'negotiate',
      parties,
      sentBy: options.sender.id,
      sentAt,
      sendQueuedAt: sentAt,
    })
    .returning();
  if (!deal) throw new Error('deal not created');
  const texts = options.sections ?? [
    { title: 'Scope', html: '<p>The supplier delivers the services.</p>' },
    { title: 'Payment', html: '<p>Invoices are paid in 30 days.</p>' },
    { title: 'Term', html: '<p>The agreement is valid for one year.</p>' },
  ];
  const all =
    options.withPartiesSection === false
      ? texts
      : [{ title: 'Parties', html: '', type: 'parties' as const }, ...texts];
  const time = sentAt.toISOString();
  const agreedAt = new Date(sentAt.getTime() + 1000).toISOString();
  const agreer = options.isAgreedByReceiver ? options.receiver : undefined;
  if (options.isAgreedByReceiver && !agreer) throw new Error('isAgreedByReceiver needs a receiver');
  const sections = await db
    .insert(dealSections)
    .values(
      all.map((section, position) => {
        const contentId = randomUUID();
        const type = section.type ?? ('normal' as const);
        const sent = {
          state: 'sent' as const,
          party: 'sender' as const,
          userId: options.sender.id,
          time,
          contentId,
        };
        const isAgreed = agreer !== undefined && type === 'normal';
        return {
          dealId: deal.id,
          position,
          type,
          title: section.title,
          content: [{ id: contentId, html: section.html }],
          defaultContentId: contentId,
          state: isAgreed ? ('agreed' as const) : ('sent' as const),
          stateParty: isAgreed ? ('receiver' as const) : ('sender' as const),
          log: isAgreed
            ? [
                sent,
                {
                  ...sent,
                  state: 'agreed' as const,
                  party: 'receiver' as const,
                  userId: agreer.id,
                  time: agreedAt,
                },
              ]
            : [sent],
          createdBy: options.sender.id,
        };
      }),
    )
    .returning();
  await insertDealAccess(db, deal.id, options);
  return { deal, sections: sections.sort((a, b) => a.position - b.position) };
}

/**
 * A bare deal row between Seller Oy and Buyer Ab, sent by `sentBy`: no sections, no access rows
 * (the test adds what it needs). In negotiation unless `state` says otherwise.
 */
export async function insertDeal(
  db: DbOrTx,
  options: { sentBy: string; title: string; state?: DealState },
): Promise<typeof deals.$inferSelect> {
  const [deal] = await db
    .insert(deals)
    .values({
      title: options.title,
      process: 'negotiate',
      state: options.state ?? 'negotiate',
      parties: {
        sender: { type: 'business', name: 'Seller Oy' },
        receiver: { type: 'business', name: 'Buyer Ab' },
      },
      sentBy: options.sentBy,
    })
    .returning();
  if (!deal) throw new Error('no deal');
  return deal;
}

/** A verified workspace with the given members (first one administrator). */
export async function createWorkspaceWith(
  db: DbOrTx,
  members: Person[],
  title = `Workspace ${randomUUID().slice(0, 6)}`,
): Promise<string> {
  const [workspace] = await db
    .insert(workspaces)
    .values({ title, type: 'invoice', isVerified: true })
    .returning({ id: workspaces.id });
  if (!workspace) throw new Error('workspace not created');
  if (members.length > 0) {
    await db.insert(workspaceMembers).values(
      members.map((member, index) => ({
        workspaceId: workspace.id,
        userId: member.id,
        role: index === 0 ? ('edit' as const) : ('view' as const),
      })),
    );
  }
  return workspace.id;
}

/**
 * The access entries of a factory deal: the sender's (`sender`, edit), the receiver's
 * (`receiver`, edit), the others' and a workspace's.
 */
export async function insertDealAccess(
  db: DbOrTx,
  dealId: string,
  options: Pick<DealFactoryOptions, 'sender' | 'receiver' | 'others' | 'workspaceAccess'>,
): Promise<void> {
  const rows: (typeof documentAccess.$inferInsert)[] = [
    {
      collection: 'deals',
      documentId: dealId,
      userId: options.sender.id,
      role: 'edit',
      party: 'sender',
    },
  ];
  if (options.receiver) {
    rows.push({
      collection: 'deals',
      documentId: dealId,
      userId: options.receiver.id,
      role: 'edit',
      party: 'receiver',
    });
  }
  for (const other of options.others ?? []) {
    rows.push({
      collection: 'deals',
      documentId: dealId,
      userId: other.user.id,
      role: other.role,
      party: other.party,
    });
  }
  if (options.workspaceAccess) {
    rows.push({
      collection: 'deals',
      documentId: dealId,
      workspaceId: options.workspaceAccess.workspaceId,
      role: options.workspaceAccess.role,
      party: options.workspaceAccess.party ?? 'sender',
    });
  }
  await db.insert(documentAccess).values(rows);
}
