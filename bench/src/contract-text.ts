import type { Random } from './prng';

/*
 * Plausible contract wording for seeded sections: short clauses assembled from parts, so
 * rows have the size and shape of real content (a few paragraphs of HTML) without a corpus.
 */

/** A list written as one space-separated string, to keep long word lists short. */
function words(text: string): readonly string[] {
  return text.split(' ');
}

const FIRST_NAMES = words(
  'Aino Eero Helmi Juho Kaisa Lauri Maria Mikko Noora Olli Sanna Timo Emma Liam Olivia Noah Sofia Lucas Elsa Oscar Anna Erik Ingrid Johan Karin Lars Maja Nils Sara Viktor',
);

const LAST_NAMES = words(
  'Virtanen Korhonen Nieminen Mäkinen Hämäläinen Laine Heikkinen Koskinen Järvinen Lehtonen Andersson Johansson Karlsson Nilsson Eriksson Larsson Smith Brown Taylor Wilson Evans Walker',
);

const COMPANY_STEMS = words(
  'Nordic Aurora Baltic Kestrel Lumi Polar Harbour Granite Fjord Meridian Birch Solstice Tundra Lakeside Northwind Pine Cobalt',
);

const COMPANY_KINDS = words(
  'Logistics Software Consulting Foods Energy Design Analytics Engineering Media Health Retail Robotics Capital Properties',
);

const COMPANY_FORMS = ['Oy', 'Ab', 'AB', 'Ltd', 'GmbH', 'AS', 'Inc.'] as const;

/** Clause headings, in roughly the order a contract uses them. */
export const SECTION_TITLES = [
  'Definitions',
  'Scope of the Agreement',
  'Services',
  'Deliverables',
  'Acceptance',
  'Fees and Payment',
  'Invoicing',
  'Term',
  'Termination',
  'Confidentiality',
  'Intellectual Property Rights',
  'Data Protection',
  'Warranties',
  'Limitation of Liability',
  'Indemnification',
  'Insurance',
  'Force Majeure',
  'Subcontracting',
  'Assignment',
  'Notices',
  'Non-solicitation',
  'Audit Rights',
  'Entire Agreement',
  'Amendments',
  'Governing Law',
  'Dispute Resolution',
] as const;

export const TEMPLATE_TITLES = [
  'Service Agreement',
  'Non-Disclosure Agreement',
  'Consulting Agreement',
  'Software Licence Agreement',
  'Employment Contract',
  'Lease Agreement',
  'Supply Agreement',
  'Data Processing Agreement',
  'Shareholders’ Agreement',
  'Distribution Agreement',
  'Subcontracting Agreement',
  'Maintenance Agreement',
] as const;

export const CATEGORIES = ['sales', 'hr', 'legal', 'procurement', 'real-estate', 'it'] as const;

const ACTORS = [
  'the Supplier',
  'the Customer',
  'either Party',
  'the Receiving Party',
  'the Licensee',
];
const DUTIES = [
  'shall deliver the Services',
  'shall keep confidential all Confidential Information',
  'shall pay each undisputed invoice',
  'may terminate this Agreement',
  'shall maintain adequate insurance',
  'shall notify the other Party in writing',
  'shall not assign its rights or obligations',
  'shall process Personal Data only on documented instructions',
  'shall remedy any defect at its own cost',
];
const CONDITIONS = [
  'in accordance with the Specification',
  'with the care and skill of a professional supplier',
  'subject to the limitations set out in Section 14',
  'without undue delay',
  'unless otherwise agreed in writing',
  'in compliance with all applicable laws and regulations',
];
const DEADLINES = [
  'within thirty (30) days of the date of the invoice',
  'no later than fourteen (14) days after the Effective Date',
  'by giving three (3) months’ written notice',
  'during the term of this Agreement and five (5) years thereafter',
  'within ten (10) business days of receiving notice',
  'before the end of each calendar quarter',
];
const FOLLOW_UPS = [
  'Late payments bear interest at the statutory rate.',
  'This obligation survives the termination of this Agreement.',
  'Neither Party is liable for indirect or consequential loss.',
  'The total liability of a Party is limited to the fees paid in the preceding twelve (12) months.',
  'Any notice must be given by e-mail to the address stated in the Parties section.',
  'The Parties shall first seek to settle any dispute through negotiation.',
];

export function personName(random: Random): { firstname: string; lastname: string } {
  return { firstname: random.pick(FIRST_NAMES), lastname: random.pick(LAST_NAMES) };
}

export function companyName(random: Random): string {
  return `${random.pick(COMPANY_STEMS)} ${random.pick(COMPANY_KINDS)} ${random.pick(COMPANY_FORMS)}`;
}

function buildSentence(random: Random): string {
  const actor = random.pick(ACTORS);
  const sentence = `${actor[0]?.toUpperCase()}${actor.slice(1)} ${random.pick(DUTIES)} ${random.pick(CONDITIONS)} ${random.pick(DEADLINES)}.`;
  return random.chance(0.4) ? `${sentence} ${random.pick(FOLLOW_UPS)}` : sentence;
}

function buildParagraph(random: Random): string {
  const sentences = Array.from({ length: random.int(2, 4) }, () => buildSentence(random));
  return `<p>${sentences.join(' ')}</p>`;
}

/** A few paragraphs of clause text, now and then with a list. */
export function buildClauseHtml(random: Random): string {
  const paragraphs = Array.from({ length: random.int(2, 4) }, () => buildParagraph(random));
  if (random.chance(0.25)) {
    const items = Array.from(
      { length: random.int(2, 4) },
      () => `<li>${buildSentence(random)}</li>`,
    );
    paragraphs.splice(1, 0, `<ul>${items.join('')}</ul>`);
  }
  return paragraphs.join('');
}

export function buildPartiesHtml(sender: string, receiver: string): string {
  return `<p><strong>${sender}</strong> (the “Supplier”) and <strong>${receiver}</strong> (the “Customer”), each a “Party”.</p>`;
}

export function buildSignersHtml(signers: string[]): string {
  return `<p>Signed on behalf of the Parties by:</p><ul>${signers.map((name) => `<li>${name}</li>`).join('')}</ul>`;
}
