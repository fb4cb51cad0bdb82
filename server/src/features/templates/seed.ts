import type { TemplateCategory } from '@pactum/core/templates';
import type { Database } from '../../db/client';
import { templates, users } from '../../db/schema';
import { insertSectionTree, type NewSection } from '../sections';
import { invalidateGlobalTemplatesOn } from './global-cache';

/*
 * The global partner templates a new install starts with, so that there is something to send
 * on the first day. Written for Pactum; plain, balanced terms that a user adapts. Fixed ids make
 * the seed idempotent: a template that exists (or was deleted) is never made again.
 */

/** The author of the seeded templates: a user row without a password, so no one signs in as it. */
export const PACTUM_LIBRARY_USER_ID = '00000000-0000-4000-8000-0000000000a1';
export const SEED_PARTNER = 'Pactum';

type SeedTemplate = {
  id: string;
  title: string;
  abstract: string;
  category: TemplateCategory;
  sections: NewSection[];
};

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

const parties: NewSection = { type: 'parties', title: 'Parties' };
const signers: NewSection = { type: 'signers', title: 'Signatures' };

const boilerplate = (law: string): NewSection[] => [
  {
    type: 'normal',
    title: 'Entire agreement and changes',
    html: p(
      'This agreement is the whole agreement between the parties on its subject and replaces earlier discussions and drafts.',
      'A change to this agreement is valid only when it is made in writing and accepted by both parties, electronically or on paper.',
    ),
  },
  {
    type: 'normal',
    title: 'Governing law and disputes',
    html: p(
      `This agreement is governed by ${law}, without regard to its rules on the choice of law.`,
      'The parties first try to settle a dispute by negotiation. A dispute that is not settled within thirty (30) days is resolved by the competent court of the domicile of the defendant.',
    ),
  },
];

export const seedTemplates: SeedTemplate[] = [
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    title: 'Mutual non-disclosure agreement',
    abstract:
      'A balanced two-way NDA for companies that exchange confidential information while they discuss a possible cooperation. Covers what is confidential, how it may be used, how long the duty lasts and what happens to the material at the end.',
    category: 'nda',
    sections: [
      parties,
      {
        type: 'normal',
        title: 'Purpose',
        html: p(
          'The parties intend to discuss a possible business cooperation (the <strong>Purpose</strong>). For the Purpose, each party may disclose confidential information to the other.',
        ),
      },
      {
        type: 'normal',
        title: 'Confidential information',
        html: p(
          'Confidential information means any technical, commercial or financial information, in any form, that a party discloses to the other and that is marked confidential or that a reasonable person would understand to be confidential.',
        ),
        children: [
          {
            type: 'normal',
            title: 'Exceptions',
            html: p(
              'Information is not confidential if the receiving party shows that it was public when disclosed or later became public without breach of this agreement, was lawfully in its possession before disclosure, was received from a third party without a duty of confidence, or was developed independently without use of the disclosed information.',
            ),
          },
        ],
      },
      {
        type: 'normal',
        title: 'Obligations of the receiving party',
        html: p(
          'The receiving party uses the confidential information only for the Purpose, keeps it secret with at least the care it uses for its own confidential information and never less than reasonable care, and discloses it only to its employees and advisers who need it for the Purpose and who are bound by a duty of confidence no less strict than this agreement.',
        ),
        children: [
          {
            type: 'normal',
            title: 'Disclosure required by law',
            html: p(
              'If the law or an authority requires disclosure, the receiving party may disclose the information required, after informing the disclosing party without delay where the law allows it.',
            ),
          },
        ],
      },
      {
        type: 'normal',
        title: 'Term',
        html: p(
          'This agreement enters into force when both parties have signed it. The duty of confidentiality lasts five (5) years from the disclosure of each piece of information.',
        ),
      },
      {
        type: 'normal',
        title: 'Return and destruction',
        html: p(
          'When the discussions end, or on request, the receiving party returns or destroys the confidential information and its copies, except copies that the law requires it to keep or that remain in automatic back-ups, which stay confidential.',
        ),
      },
      {
        type: 'normal',
        title: 'No licence',
        html: p(
          'No right or licence to a patent, copyright, trade secret or other right of the disclosing party is granted by this agreement. Neither party is obliged to enter into any further agreement.',
        ),
      },
      ...boilerplate('the laws of Finland'),
      signers,
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b2',
    title: 'Service agreement',
    abstract:
      'A general agreement for professional services bought for a fee: scope and change of the services, acceptance, fees and invoicing, liability and its limits, and ending the agreement. Suits consulting, design and other expert work.',
    category: 'business',
    sections: [
      parties,
      {
        type: 'normal',
        title: 'Services',
        html: p(
          'The supplier provides the services described in this section (the <strong>Services</strong>) with professional care and in accordance with good practice in its field.',
          'Description of the Services: <em>describe the work, deliverables and schedule here.</em>',
        ),
        children: [
          {
            type: 'normal',
            title: 'Changes to the Services',
            html: p(
              'Either party may propose a change to the Services. A change, with its effect on fees and schedule, is binding when both parties have accepted it in writing.',
            ),
          },
        ],
      },
      {
        type: 'normal',
        title: 'Duties of the customer',
        html: p(
          'The customer gives the supplier the information, access and decisions the Services need in good time, and names a contact person who can make them.',
        ),
      },
      {
        type: 'normal',
        title: 'Fees and invoicing',
        html: p(
          'The customer pays the fees agreed for the Services. Unless agreed otherwise, the supplier invoices monthly in arrears, payment is due fourteen (14) days from the invoice date, and late payments bear interest at the statutory rate.',
          'Fees are exclusive of value added tax, which is added at the rate in force.',
        ),
      },
      {
        type: 'normal',
        title: 'Acceptance',
        html: p(
          'The customer checks each deliverable within ten (10) working days of delivery and reports any material defect in writing. A deliverable is accepted when this time ends without a report or when the customer takes it into productive use.',
        ),
      },
      {
        type: 'normal',
        title: 'Intellectual property',
        html: p(
          'The rights to deliverables made specifically for the customer pass to the customer when they have been paid. The supplier keeps the rights to its tools, methods and materials that existed before this agreement and grants the customer a permanent right to use them as part of the deliverables.',
        ),
      },
      {
        type: 'normal',
        title: 'Liability',
        html: p(
          'A party is liable for direct damage it causes to the other party by breaching this agreement. Neither party is liable for indirect or consequential damage, such as lost profit.',
        ),
        children: [
          {
            type: 'normal',
            title: 'Limitation of liability',
            html: p(
              'The total liability of a party is limited to the fees paid for the Services during the twelve (12) months before the event causing the damage. The limitation does not apply to damage caused intentionally or by gross negligence.',
            ),
          },
        ],
      },
      {
        type: 'normal',
        title: 'Term and termination',
        html: p(
          'This agreement is valid until further notice. Either party may terminate it with a notice period of one (1) month. A party may terminate it with immediate effect if the other party materially breaches it and does not remedy the breach within fourteen (14) days of a written notice.',
        ),
      },
      ...boilerplate('the laws of Finland'),
      signers,
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b3',
    title: 'Supply agreement',
    abstract:
      'A framework agreement for the recurring supply of goods: orders and their confirmation, delivery terms, inspection and defects, prices and payment, warranty, and force majeure. Each order refers to this agreement.',
    category: 'procurement',
    sections: [
      parties,
      {
        type: 'normal',
        title: 'Scope',
        html: p(
          'The supplier sells and the buyer buys the products listed in the price list attached to this agreement (the <strong>Products</strong>). This agreement applies to every order the buyer places for the Products during its term.',
        ),
      },
      {
        type: 'normal',
        title: 'Orders',
        html: p(
          'The buyer places orders in writing. An order is binding when the supplier has confirmed it, which the supplier does within three (3) working days. The supplier may decline an order only for a reason given in its confirmation.',
        ),
      },
      {
        type: 'normal',
        title: 'Delivery',
        html: p(
          'Products are delivered FCA the supplier’s premises (Incoterms 2020) unless the order says otherwise. The supplier informs the buyer without delay of any expected delay and its cause.',
        ),
        children: [
          {
            type: 'normal',
            title: 'Late delivery',
            html: p(
              'If a delivery is late for a reason for which the supplier is responsible, the buyer is entitled to liquidated damages of 0.5 percent of the price of the late Products for each started week of delay, at most 7.5 percent.',
            ),
          },
        ],
      },
      {
        type: 'normal',
        title: 'Inspection and defects',
        html: p(
          'The buyer inspects the Products on arrival and reports visible defects within eight (8) days and hidden defects within eight (8) days of finding them. The supplier repairs or replaces a defective Product, or refunds its price, at its own cost and without undue delay.',
        ),
      },
      {
        type: 'normal',
        title: 'Prices and payment',
        html: p(
          'Prices are those of the price list in force when the order is confirmed. The supplier may change the price list by giving ninety (90) days’ notice. Payment is due thirty (30) days from the invoice date.',
        ),
      },
      {
        type: 'normal',
        title: 'Warranty',
        html: p(
          'The supplier warrants that the Products conform to their specifications and are free of defects in material and workmanship for twelve (12) months from delivery.',
        ),
      },
      {
        type: 'normal',
        title: 'Force majeure',
        html: p(
          'A party is not liable for a delay or failure caused by an event beyond its reasonable control that it could not have foreseen, such as natural disaster, war, strike or a decision of an authority, for as long as the event lasts. The party informs the other of the event without delay.',
        ),
      },
      {
        type: 'normal',
        title: 'Term',
        html: p(
          'This agreement is valid for two (2) years from its signing and then continues for one year at a time unless either party terminates it at least three (3) months before the end of the current period. Confirmed orders are delivered under its terms even after it ends.',
        ),
      },
      ...boilerplate(
        'the laws of Finland, excluding the UN Convention on Contracts for the International Sale of Goods (CISG)',
      ),
      signers,
    ],
  },
];

/**
 * Makes the global partner templates that do not exist yet (run on every start; cheap when
 * done). Tests do not run it, so their libraries hold only what they make.
 */
export async function seedGlobalTemplates(database: Database): Promise<number> {
  const created = await database.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({
        id: PACTUM_LIBRARY_USER_ID,
        name: 'Pactum',
        firstname: 'Pactum',
        email: 'library@pactum.invalid',
        emailVerified: false,
      })
      .onConflictDoNothing();
    let created = 0;
    for (const seed of seedTemplates) {
      const [row] = await tx
        .insert(templates)
        .values({
          id: seed.id,
          title: seed.title,
          abstract: seed.abstract,
          category: seed.category,
          language: 'en',
          region: 'global',
          partner: SEED_PARTNER,
          isGlobal: true,
          createdBy: PACTUM_LIBRARY_USER_ID,
          modifiedBy: PACTUM_LIBRARY_USER_ID,
        })
        .onConflictDoNothing({ target: templates.id })
        .returning({ id: templates.id });
      if (!row) continue;
      await insertSectionTree(tx, {
        collection: 'templates',
        documentId: row.id,
        userId: PACTUM_LIBRARY_USER_ID,
        sections: seed.sections,
      });
      created += 1;
    }
    return created;
  });
  // New global templates: this process's library caches read them again (other processes see
  // the live count change).
  if (created > 0) invalidateGlobalTemplatesOn(database);
  return created;
}
