import { z } from 'zod';
import {
  type AccessParty,
  type AccessRole,
  accessRoles,
  type ContentOption,
  type Parties,
  partySchema,
  type SectionType,
} from './documents';
import type { ErrorCode } from './errors';
import { emailField, messageKey, optionalText, plainText, requiredText } from './validation';

/**
 * Templates, their sections, sharing and tags (spec 2 §2.1, §3–§6): the API contracts shared by
 * the server and the web, the spec's lists (categories, languages, regions) and the pure rules
 * (renumbering, moving, content options, abstract cut, coupon slug, copy title).
 *
 * Sections and sharing are generic over the document collections (`templates`, `drafts`, and for
 * sharing also `deals`), so drafts reuse these contracts.
 */

/* ------------------------------------------------------------------------------------------ */
/* Constants and messages                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Short text maximum (spec 2 §9). */
export const SHORT_TEXT_MAX = 250;
/** Abstract display limit on library cards (spec 2 §9). */
export const ABSTRACT_DISPLAY_MAX = 230;
/** Longest stored abstract. */
export const ABSTRACT_MAX = 5000;
/** At most one content option per letter of the alphabet (spec 2 §4.2). */
export const MAX_CONTENT_OPTIONS = 26;
/** Longest stored HTML of one content option (characters). */
export const CONTENT_HTML_MAX = 500_000;
/** The price of a template whose price is null: 1 credit per receiver (spec 2 §9). */
export const DEFAULT_TEMPLATE_PRICE = 1;
/** Suggested people in the share dialog (spec 2 §9). */
export const MAX_SHARE_SUGGESTIONS = 100;
/** Top-level sections are numbered from 1, children of a section from 101 (spec 2 §4.1). */
export const CHILD_POSITION_BASE = 101;

/**
 * The spec's texts of this area in en and fi. `%s` is filled with `formatText`. The server
 * answers in English; the web shows the user's language.
 */
export const templateMessages = {
  en: {
    titleEmpty: 'Title cannot be empty.',
    couponInUse: 'This coupon code is already in use. Please write another one.',
    couponInvalid: 'Use lower-case letters, digits and single dashes, e.g. special-offer-0405.',
    couponTooShort: 'Use at least 10 characters, so the code cannot be guessed.',
    couponNotFound: 'Coupon code not found.',
    couponGranted: 'You have been granted access to template %s.',
    templateCreated: 'New template "%s" created',
    lockedBy: 'Locked by %s',
    addDuringSave: 'Can not add a section during a save.',
    multipleEditors:
      'Multiple editors cause problems. Please close other editors and use only one browser.',
    noChanges: 'No changes to save.',
    sectionGenerateFail: 'Section generate fail',
    sectionParentProblem: 'Section parent problem',
    parentNotFound: 'Parent not found',
    sectionCannotMove: 'This section cannot be moved that way.',
    sectionCannotRemove: 'The parties and signers sections cannot be removed.',
    sectionNotLocked: 'Open the section for editing before saving it.',
    firstOptionRemoved: 'The first content option cannot be removed.',
    tooManyOptions: 'A section can have at most 26 content options.',
    optionRequired: 'A section needs at least one content option.',
    defaultOptionMissing: 'The default choice must be one of the content options.',
    duplicateOptionId: 'Content options must have different ids.',
    publishNeedsPartner: 'Publishing needs a partner.',
    adminOnly: 'Only administrators can publish templates.',
    lastMember: 'At least one member must remain.',
    otherPartyMember: 'This person is on the other side of this contract.',
    groupsNotForGlobal: 'Global templates cannot be shared with groups.',
    noInvitees: 'Please choose at least one person, group or workspace.',
    shareNeedsVerifiedEmail:
      'Please verify your email address before sharing with people by email.',
    shareMailLimitUser:
      'You have shared with too many people by email in a short time. Please try again later.',
    shareMailLimitWorkspace:
      'Your workspace has shared with too many people by email in a short time. Please try again later.',
  },
  fi: {
    titleEmpty: 'Otsikko ei voi olla tyhjä.',
    couponInUse: 'Tämä kuponkikoodi on jo käytössä. Kirjoita toinen koodi.',
    couponInvalid:
      'Käytä pieniä kirjaimia, numeroita ja yksittäisiä viivoja, esim. special-offer-0405.',
    couponTooShort: 'Käytä vähintään 10 merkkiä, jotta koodia ei voi arvata.',
    couponNotFound: 'Kuponkikoodia ei löytynyt.',
    couponGranted: 'Sinulle on annettu pääsy sopimuspohjaan %s.',
    templateCreated: 'Uusi sopimuspohja "%s" luotu',
    lockedBy: 'Lukinnut %s',
    addDuringSave: 'Osiota ei voi lisätä tallennuksen aikana.',
    multipleEditors:
      'Useat editorit aiheuttavat ongelmia. Sulje muut editorit ja käytä vain yhtä selainta.',
    noChanges: 'Ei tallennettavia muutoksia.',
    sectionGenerateFail: 'Osion luonti epäonnistui',
    sectionParentProblem: 'Osion yläosio on virheellinen',
    parentNotFound: 'Yläosiota ei löytynyt',
    sectionCannotMove: 'Osiota ei voi siirtää näin.',
    sectionCannotRemove: 'Osapuolten ja allekirjoittajien osioita ei voi poistaa.',
    sectionNotLocked: 'Avaa osio muokattavaksi ennen tallennusta.',
    firstOptionRemoved: 'Ensimmäistä sisältövaihtoehtoa ei voi poistaa.',
    tooManyOptions: 'Osiossa voi olla enintään 26 sisältövaihtoehtoa.',
    optionRequired: 'Osiossa on oltava vähintään yksi sisältövaihtoehto.',
    defaultOptionMissing: 'Oletusvalinnan on oltava yksi sisältövaihtoehdoista.',
    duplicateOptionId: 'Sisältövaihtoehdoilla on oltava eri tunnisteet.',
    publishNeedsPartner: 'Julkaisu vaatii kumppanin.',
    adminOnly: 'Vain ylläpitäjät voivat julkaista sopimuspohjia.',
    lastMember: 'Vähintään yhden jäsenen on jäätävä.',
    otherPartyMember: 'Tämä henkilö on sopimuksen toisella puolella.',
    groupsNotForGlobal: 'Yleisiä sopimuspohjia ei voi jakaa ryhmille.',
    noInvitees: 'Valitse vähintään yksi henkilö, ryhmä tai työtila.',
    shareNeedsVerifiedEmail: 'Vahvista sähköpostiosoitteesi ennen kuin jaat sähköpostitse.',
    shareMailLimitUser:
      'Olet jakanut sähköpostitse liian monelle lyhyessä ajassa. Yritä myöhemmin uudelleen.',
    shareMailLimitWorkspace:
      'Työtilasi on jakanut sähköpostitse liian monelle lyhyessä ajassa. Yritä myöhemmin uudelleen.',
  },
} as const;

export type TemplateMessageKey = keyof (typeof templateMessages)['en'];

/** The API's error code of each refusal of the section rules. */
export const sectionErrorCodes = {
  lockedBy: 'section_locked',
  sectionNotLocked: 'section_not_open',
  sectionGenerateFail: 'section_generate_failed',
  sectionParentProblem: 'section_parent_problem',
  parentNotFound: 'parent_not_found',
  sectionCannotMove: 'section_cannot_move',
  sectionCannotRemove: 'section_cannot_remove',
  firstOptionRemoved: 'first_option_removed',
  tooManyOptions: 'too_many_options',
  optionRequired: 'option_required',
  defaultOptionMissing: 'default_option_missing',
  duplicateOptionId: 'duplicate_option_id',
} as const satisfies Partial<Record<TemplateMessageKey, ErrorCode>>;

/** Fills each `%s` of a text with the next value. */
export function formatText(text: string, ...values: Array<string | number>): string {
  let index = 0;
  return text.replace(/%s/g, () => String(values[index++] ?? ''));
}

/* ------------------------------------------------------------------------------------------ */
/* Lists: categories, languages, regions                                                       */
/* ------------------------------------------------------------------------------------------ */

/** Blank-template categories (spec 2 §9), with en and fi labels. */
export const templateCategories = [
  'procurement',
  'sales',
  'privacy',
  'nda',
  'business',
  'ict',
  'ipr',
  'corporate',
  'employment',
  'realestate',
  'mergers',
  'finance',
  'patent',
  'misc',
] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export const categoryLabels: Record<'en' | 'fi', Record<TemplateCategory, string>> = {
  en: {
    procurement: 'Procurement',
    sales: 'Sales',
    privacy: 'Privacy',
    nda: 'NDA',
    business: 'Business',
    ict: 'ICT',
    ipr: 'IPR',
    corporate: 'Corporate',
    employment: 'Employment',
    realestate: 'Real estate',
    mergers: 'Mergers and acquisitions',
    finance: 'Finance',
    patent: 'Patent',
    misc: 'Miscellaneous',
  },
  fi: {
    procurement: 'Hankinnat',
    sales: 'Myynti',
    privacy: 'Tietosuoja',
    nda: 'Salassapito',
    business: 'Liiketoiminta',
    ict: 'ICT',
    ipr: 'Immateriaalioikeudet',
    corporate: 'Yhtiöoikeus',
    employment: 'Työsuhde',
    realestate: 'Kiinteistöt',
    mergers: 'Yrityskaupat',
    finance: 'Rahoitus',
    patent: 'Patentit',
    misc: 'Muut',
  },
};

/**
 * Template languages (ISO 639-1): English, Swedish, Finnish, Norwegian and Danish first, then
 * the library list (spec 2 §9). Labels are in the language itself, as language pickers show them.
 */
export const templateLanguages = [
  { code: 'en', name: 'English' },
  { code: 'sv', name: 'Svenska' },
  { code: 'fi', name: 'Suomi' },
  { code: 'no', name: 'Norsk' },
  { code: 'da', name: 'Dansk' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pt', name: 'Português' },
  { code: 'pl', name: 'Polski' },
  { code: 'et', name: 'Eesti' },
  { code: 'lv', name: 'Latviešu' },
  { code: 'lt', name: 'Lietuvių' },
  { code: 'is', name: 'Íslenska' },
  { code: 'cs', name: 'Čeština' },
  { code: 'sk', name: 'Slovenčina' },
  { code: 'hu', name: 'Magyar' },
  { code: 'ro', name: 'Română' },
  { code: 'bg', name: 'Български' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'hr', name: 'Hrvatski' },
  { code: 'sl', name: 'Slovenščina' },
  { code: 'ru', name: 'Русский' },
  { code: 'uk', name: 'Українська' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'ar', name: 'العربية' },
  { code: 'zh', name: '中文' },
  { code: 'ja', name: '日本語' },
] as const;
export type TemplateLanguage = (typeof templateLanguages)[number]['code'];
export const templateLanguageCodes = templateLanguages.map((language) => language.code) as [
  TemplateLanguage,
  ...TemplateLanguage[],
];

/** Countries (ISO 3166-1 alpha-2, lower case) with English names. */
const countries = [
  ['fi', 'Finland'],
  ['se', 'Sweden'],
  ['no', 'Norway'],
  ['dk', 'Denmark'],
  ['is', 'Iceland'],
  ['ee', 'Estonia'],
  ['lv', 'Latvia'],
  ['lt', 'Lithuania'],
  ['de', 'Germany'],
  ['at', 'Austria'],
  ['ch', 'Switzerland'],
  ['li', 'Liechtenstein'],
  ['nl', 'Netherlands'],
  ['be', 'Belgium'],
  ['lu', 'Luxembourg'],
  ['fr', 'France'],
  ['mc', 'Monaco'],
  ['gb', 'United Kingdom'],
  ['ie', 'Ireland'],
  ['es', 'Spain'],
  ['ad', 'Andorra'],
  ['pt', 'Portugal'],
  ['it', 'Italy'],
  ['mt', 'Malta'],
  ['sm', 'San Marino'],
  ['gr', 'Greece'],
  ['cy', 'Cyprus'],
  ['pl', 'Poland'],
  ['cz', 'Czechia'],
  ['sk', 'Slovakia'],
  ['hu', 'Hungary'],
  ['si', 'Slovenia'],
  ['hr', 'Croatia'],
  ['ba', 'Bosnia and Herzegovina'],
  ['rs', 'Serbia'],
  ['me', 'Montenegro'],
  ['mk', 'North Macedonia'],
  ['al', 'Albania'],
  ['ro', 'Romania'],
  ['md', 'Moldova'],
  ['bg', 'Bulgaria'],
  ['ua', 'Ukraine'],
  ['tr', 'Türkiye'],
  ['us', 'United States'],
  ['ca', 'Canada'],
  ['mx', 'Mexico'],
  ['br', 'Brazil'],
  ['ar', 'Argentina'],
  ['cl', 'Chile'],
  ['co', 'Colombia'],
  ['pe', 'Peru'],
  ['au', 'Australia'],
  ['nz', 'New Zealand'],
  ['jp', 'Japan'],
  ['kr', 'South Korea'],
  ['cn', 'China'],
  ['hk', 'Hong Kong'],
  ['sg', 'Singapore'],
  ['in', 'India'],
  ['id', 'Indonesia'],
  ['my', 'Malaysia'],
  ['th', 'Thailand'],
  ['vn', 'Vietnam'],
  ['ph', 'Philippines'],
  ['ae', 'United Arab Emirates'],
  ['sa', 'Saudi Arabia'],
  ['il', 'Israel'],
  ['eg', 'Egypt'],
  ['za', 'South Africa'],
  ['ng', 'Nigeria'],
  ['ke', 'Kenya'],
  ['ma', 'Morocco'],
] as const;

/** US states and the District of Columbia, as `us-<postal code>`. */
const usStates = [
  ['al', 'Alabama'],
  ['ak', 'Alaska'],
  ['az', 'Arizona'],
  ['ar', 'Arkansas'],
  ['ca', 'California'],
  ['co', 'Colorado'],
  ['ct', 'Connecticut'],
  ['de', 'Delaware'],
  ['dc', 'District of Columbia'],
  ['fl', 'Florida'],
  ['ga', 'Georgia'],
  ['hi', 'Hawaii'],
  ['id', 'Idaho'],
  ['il', 'Illinois'],
  ['in', 'Indiana'],
  ['ia', 'Iowa'],
  ['ks', 'Kansas'],
  ['ky', 'Kentucky'],
  ['la', 'Louisiana'],
  ['me', 'Maine'],
  ['md', 'Maryland'],
  ['ma', 'Massachusetts'],
  ['mi', 'Michigan'],
  ['mn', 'Minnesota'],
  ['ms', 'Mississippi'],
  ['mo', 'Missouri'],
  ['mt', 'Montana'],
  ['ne', 'Nebraska'],
  ['nv', 'Nevada'],
  ['nh', 'New Hampshire'],
  ['nj', 'New Jersey'],
  ['nm', 'New Mexico'],
  ['ny', 'New York'],
  ['nc', 'North Carolina'],
  ['nd', 'North Dakota'],
  ['oh', 'Ohio'],
  ['ok', 'Oklahoma'],
  ['or', 'Oregon'],
  ['pa', 'Pennsylvania'],
  ['ri', 'Rhode Island'],
  ['sc', 'South Carolina'],
  ['sd', 'South Dakota'],
  ['tn', 'Tennessee'],
  ['tx', 'Texas'],
  ['ut', 'Utah'],
  ['vt', 'Vermont'],
  ['va', 'Virginia'],
  ['wa', 'Washington'],
  ['wv', 'West Virginia'],
  ['wi', 'Wisconsin'],
  ['wy', 'Wyoming'],
] as const;

export type TemplateRegion = { code: string; name: string; group: 'area' | 'country' | 'us-state' };

/**
 * Template regions (spec 2 §9: countries, Europe and US states): the areas `global`, `europe`
 * (and `eu`, `nordics`), then countries by ISO code, then US states as `us-xx`.
 */
export const templateRegions: readonly TemplateRegion[] = [
  { code: 'global', name: 'Global', group: 'area' },
  { code: 'europe', name: 'Europe', group: 'area' },
  { code: 'eu', name: 'European Union', group: 'area' },
  { code: 'nordics', name: 'Nordic countries', group: 'area' },
  ...countries.map(([code, name]) => ({ code, name, group: 'country' as const })),
  ...usStates.map(([code, name]) => ({ code: `us-${code}`, name, group: 'us-state' as const })),
];
export const templateRegionCodes = templateRegions.map((region) => region.code);
const regionCodeSet = new Set(templateRegionCodes);
const languageCodeSet = new Set<string>(templateLanguageCodes);

/* ------------------------------------------------------------------------------------------ */
/* Pure rules                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * A coupon code is a lower-case slug: word characters and dashes, no double dash, no leading or
 * trailing dash (spec 2 §5), e.g. `special-offer-0405`.
 */
export const COUPON_CODE_PATTERN = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

/** The shortest coupon code a template may be given. */
export const COUPON_CODE_MIN = 10;

export function isCouponCode(value: string): boolean {
  return value.length <= SHORT_TEXT_MAX && COUPON_CODE_PATTERN.test(value);
}

/** Turns typed text into a coupon slug: lower case, spaces to dashes, no double or edge dash. */
export function toCouponSlug(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * An abstract as library cards show it: at most `max` (230) characters, cut at a word boundary
 * with an ellipsis when longer.
 */
export function cutAbstract(text: string, max = ABSTRACT_DISPLAY_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const lastSpace = head.lastIndexOf(' ');
  // A single very long word is cut where it is; otherwise at the last whole word.
  const cut = lastSpace > max / 2 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** The default title of a template copy: 'Copy <date> - <title>', within the short-text rule. */
export function copyTitle(title: string, date: Date = new Date()): string {
  const day = date.toISOString().slice(0, 10);
  return `Copy ${day} - ${title}`.slice(0, SHORT_TEXT_MAX);
}

/** The credits one receiver costs: the template price, or 1 when it is null. */
export function templatePrice(price: number | null | undefined): number {
  return price ?? DEFAULT_TEMPLATE_PRICE;
}

/** The letter of a content option by its index: A, B, ... Z. */
export function contentOptionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Whether another content option may be added (at most 26). */
export function canAddContentOption(options: readonly ContentOption[]): boolean {
  return options.length < MAX_CONTENT_OPTIONS;
}

/** The first (default) option can never be removed; the others can. */
export function canRemoveContentOption(options: readonly ContentOption[], id: string): boolean {
  const index = options.findIndex((option) => option.id === id);
  return index > 0;
}

/**
 * Checks a section's new content options against the rules (spec 2 §4.2): at least one, at most
 * 26, unique ids, the default among them, and the first stored option kept first. Returns the
 * message key of the first broken rule, or null.
 */
export function contentOptionsError(
  next: readonly ContentOption[],
  defaultContentId: string | null,
  previous: readonly ContentOption[] = [],
): TemplateMessageKey | null {
  if (next.length === 0) return 'optionRequired';
  if (next.length > MAX_CONTENT_OPTIONS) return 'tooManyOptions';
  if (new Set(next.map((option) => option.id)).size !== next.length) return 'duplicateOptionId';
  const first = previous[0];
  if (first && next[0]?.id !== first.id) return 'firstOptionRemoved';
  if (defaultContentId !== null && !next.some((option) => option.id === defaultContentId)) {
    return 'defaultOptionMissing';
  }
  return null;
}

/** What the ordering rules need of a section. */
export type SectionNode = {
  id: string;
  parentId: string | null;
  position: number;
  type: SectionType;
};

/** Whether a section may be removed: parties and signers may not. */
export function canRemoveSection(section: Pick<SectionNode, 'type'>): boolean {
  return section.type === 'normal';
}

/**
 * Sections in document order: top-level sections by position (parties forced first, signers
 * last), each followed by its children by position. Children of a missing parent come at the
 * end of the top level, so nothing is lost.
 */
export function orderSections<T extends SectionNode>(sections: readonly T[]): T[] {
  const ids = new Set(sections.map((section) => section.id));
  const rank = (section: T) =>
    section.type === 'parties' ? 0 : section.type === 'signers' ? 2 : 1;
  const byPosition = (a: T, b: T) => rank(a) - rank(b) || a.position - b.position;
  const top = sections
    .filter((section) => section.parentId === null || !ids.has(section.parentId))
    .sort(byPosition);
  const ordered: T[] = [];
  for (const parent of top) {
    ordered.push(parent);
    ordered.push(
      ...sections
        .filter((section) => section.parentId === parent.id)
        .sort((a, b) => a.position - b.position),
    );
  }
  return ordered;
}

/** A section's new place after renumbering. */
export type SectionPlace = { id: string; parentId: string | null; position: number };

/**
 * Renumbers sections given in document order: top-level sections get 1, 2, ... and the children
 * of each parent 101, 102, ... (spec 2 §4.1). A child whose parent is not top level moves up to
 * the top level, so there are never more than two levels.
 */
export function renumberSections(ordered: readonly SectionNode[]): SectionPlace[] {
  const topIds = new Set(
    ordered.filter((section) => section.parentId === null).map((section) => section.id),
  );
  let top = 0;
  const childCounts = new Map<string, number>();
  return ordered.map((section) => {
    if (section.parentId !== null && topIds.has(section.parentId)) {
      const count = (childCounts.get(section.parentId) ?? 0) + 1;
      childCounts.set(section.parentId, count);
      return {
        id: section.id,
        parentId: section.parentId,
        position: CHILD_POSITION_BASE + count - 1,
      };
    }
    top += 1;
    return { id: section.id, parentId: null, position: top };
  });
}

/**
 * The display numbers of sections in document order: the ordinary top-level sections are '1',
 * '2', ... and their children '1.1', '1.2', ...; the parties and signers blocks have none ('').
 */
export function sectionNumbers(ordered: readonly SectionNode[]): Map<string, string> {
  const numbers = new Map<string, string>();
  let top = 0;
  const childCounts = new Map<string, number>();
  for (const section of ordered) {
    if (section.type !== 'normal') {
      numbers.set(section.id, '');
      continue;
    }
    const parentNumber = section.parentId ? numbers.get(section.parentId) : undefined;
    if (section.parentId && parentNumber) {
      const count = (childCounts.get(section.parentId) ?? 0) + 1;
      childCounts.set(section.parentId, count);
      numbers.set(section.id, `${parentNumber}.${count}`);
    } else {
      top += 1;
      numbers.set(section.id, String(top));
    }
  }
  return numbers;
}

export const moveDirections = ['up', 'down', 'indent', 'outdent'] as const;
export type MoveDirection = (typeof moveDirections)[number];

export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: TemplateMessageKey };

/**
 * Moves a section one step (spec 2 §4.1) and returns all sections in their new document order,
 * renumbered. Up and down swap with the neighbouring sibling; indent puts a top-level section
 * (with its children) under the previous top-level section; outdent lifts a child to the top
 * level right after its parent. Parties stays first and signers last; neither moves or indents.
 */
export function moveSection(
  sections: readonly SectionNode[],
  id: string,
  direction: MoveDirection,
): RuleResult<SectionPlace[]> {
  const ordered = orderSections(sections);
  const section = ordered.find((candidate) => candidate.id === id);
  if (!section) return { ok: false, error: 'sectionGenerateFail' };
  if (section.type !== 'normal') return { ok: false, error: 'sectionCannotMove' };

  // Work on a two-level tree: the top-level list and each parent's children.
  const top = ordered.filter((candidate) => candidate.parentId === null);
  const childrenOf = new Map<string, SectionNode[]>();
  for (const candidate of ordered) {
    if (candidate.parentId === null) continue;
    const siblings = childrenOf.get(candidate.parentId) ?? [];
    siblings.push(candidate);
    childrenOf.set(candidate.parentId, siblings);
  }
  const children = (parentId: string) => childrenOf.get(parentId) ?? [];
  const swap = (list: SectionNode[], from: number, to: number) => {
    const a = list[from];
    const b = list[to];
    if (!a || !b) return false;
    list[from] = b;
    list[to] = a;
    return true;
  };

  if (section.parentId === null) {
    const index = top.indexOf(section);
    if (direction === 'up' || direction === 'down') {
      const to = direction === 'up' ? index - 1 : index + 1;
      const neighbour = top[to];
      if (neighbour?.type !== 'normal') return { ok: false, error: 'sectionCannotMove' };
      swap(top, index, to);
    } else if (direction === 'indent') {
      const parent = top[index - 1];
      if (parent?.type !== 'normal') return { ok: false, error: 'sectionCannotMove' };
      const moved = [section, ...children(section.id)].map((node) => ({
        ...node,
        parentId: parent.id,
      }));
      childrenOf.delete(section.id);
      childrenOf.set(parent.id, [...children(parent.id), ...moved]);
      top.splice(index, 1);
    } else {
      return { ok: false, error: 'sectionCannotMove' };
    }
  } else {
    const parent = top.find((candidate) => candidate.id === section.parentId);
    if (!parent) return { ok: false, error: 'parentNotFound' };
    const siblings = children(parent.id);
    const index = siblings.indexOf(section);
    if (direction === 'up' || direction === 'down') {
      if (!swap(siblings, index, direction === 'up' ? index - 1 : index + 1)) {
        return { ok: false, error: 'sectionCannotMove' };
      }
    } else if (direction === 'outdent') {
      siblings.splice(index, 1);
      top.splice(top.indexOf(parent) + 1, 0, { ...section, parentId: null });
    } else {
      return { ok: false, error: 'sectionCannotMove' };
    }
  }

  const flat: SectionNode[] = [];
  for (const node of top) {
    flat.push(node);
    flat.push(...children(node.id));
  }
  return { ok: true, value: renumberSections(flat) };
}

/**
 * Where a new section goes (spec 2 §4.1): after `afterSectionId` (a child after a child, a top-level
 * section after a top-level one; after signers means just before it), as the last child of
 * `parentId`, or by default as the last ordinary section before signers. Returns all sections
 * renumbered, the new one under `newId`.
 */
export function placeNewSection(
  sections: readonly SectionNode[],
  newId: string,
  where: { afterSectionId?: string | null; parentId?: string | null } = {},
): RuleResult<SectionPlace[]> {
  const ordered = orderSections(sections);
  const node: SectionNode = { id: newId, parentId: null, position: 0, type: 'normal' };
  const signersIndex = ordered.findIndex((section) => section.type === 'signers');
  const endIndex = signersIndex === -1 ? ordered.length : signersIndex;
  let insertAt = endIndex;

  if (where.afterSectionId) {
    const after = ordered.find((section) => section.id === where.afterSectionId);
    if (!after) return { ok: false, error: 'sectionGenerateFail' };
    if (after.parentId !== null) {
      node.parentId = after.parentId;
      insertAt = ordered.indexOf(after) + 1;
    } else if (after.type === 'signers') {
      insertAt = endIndex;
    } else {
      // After a top-level section and all its children.
      insertAt = ordered.indexOf(after) + 1;
      while (ordered[insertAt]?.parentId === after.id) insertAt += 1;
    }
  } else if (where.parentId) {
    const parent = ordered.find((section) => section.id === where.parentId);
    if (!parent) return { ok: false, error: 'parentNotFound' };
    if (parent.parentId !== null || parent.type !== 'normal') {
      return { ok: false, error: 'sectionParentProblem' };
    }
    node.parentId = parent.id;
    insertAt = ordered.indexOf(parent) + 1;
    while (ordered[insertAt]?.parentId === parent.id) insertAt += 1;
  }

  const next = [...ordered];
  next.splice(insertAt, 0, node);
  return { ok: true, value: renumberSections(next) };
}

/** Where a template appears in the library. */
export const templateGroups = ['my', 'shared', 'global'] as const;
export type TemplateGroup = (typeof templateGroups)[number];

/** The library filter of the route templates/list/:routeFilter. */
export const templateFilters = ['all', 'my', 'shared', 'global'] as const;
export type TemplateFilter = (typeof templateFilters)[number];

/** A global template is 'global'; otherwise the creator's are 'my' and the rest 'shared'. */
export function templateGroup(
  template: { isGlobal: boolean; createdBy: string },
  userId: string,
): TemplateGroup {
  if (template.isGlobal) return 'global';
  return template.createdBy === userId ? 'my' : 'shared';
}

/* ------------------------------------------------------------------------------------------ */
/* Schemas of request bodies                                                                   */
/* ------------------------------------------------------------------------------------------ */

const categorySchema = z.enum(templateCategories, { message: messageKey('required') });
const languageSchema = z
  .string({ message: messageKey('required') })
  .refine((value) => languageCodeSet.has(value), messageKey('choice'));
const regionSchema = z
  .string({ message: messageKey('required') })
  .refine((value) => regionCodeSet.has(value), messageKey('choice'));

/** A coupon code as typed: trimmed and lower-cased; empty means none (null). */
export const couponCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(SHORT_TEXT_MAX, messageKey('maxLength', { n: SHORT_TEXT_MAX }))
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || COUPON_CODE_PATTERN.test(value), {
    message: templateMessages.en.couponInvalid,
  })
  // A coupon opens a private template to whoever types it: short codes would be guessed.
  .refine((value) => value === null || value.length >= COUPON_CODE_MIN, {
    message: templateMessages.en.couponTooShort,
  })
  .nullable();

export const templateFilterSchema = z.strictObject({
  filter: z.enum(templateFilters).default('all'),
});

/** Create blank template form (spec 2 §2.1). */
export const createTemplateSchema = z.strictObject({
  title: requiredText(SHORT_TEXT_MAX),
  abstract: optionalText(ABSTRACT_MAX).default(''),
  category: categorySchema,
  language: languageSchema,
  region: regionSchema,
});
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

export const partiesSchema = z.strictObject({ sender: partySchema, receiver: partySchema });

/** Partial template update from the editor and the settings dialog. */
export const updateTemplateSchema = z.strictObject({
  title: plainText()
    .trim()
    .min(1, templateMessages.en.titleEmpty)
    .max(SHORT_TEXT_MAX, messageKey('maxLength', { n: SHORT_TEXT_MAX }))
    .optional(),
  abstract: optionalText(ABSTRACT_MAX).optional(),
  category: categorySchema.optional(),
  language: languageSchema.optional(),
  region: regionSchema.optional(),
  couponCode: couponCodeSchema.optional(),
  price: z.number().int().min(0).max(10_000).nullable().optional(),
  parties: partiesSchema.optional(),
});
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

export const duplicateTemplateSchema = z.strictObject({
  title: requiredText(SHORT_TEXT_MAX).optional(),
});

export const publishTemplateSchema = z.strictObject({
  partner: plainText({ message: templateMessages.en.publishNeedsPartner })
    .trim()
    .min(1, templateMessages.en.publishNeedsPartner)
    .max(SHORT_TEXT_MAX, messageKey('maxLength', { n: SHORT_TEXT_MAX })),
});

export const redeemCouponSchema = z.strictObject({
  couponCode: plainText({ message: messageKey('required') })
    .trim()
    .toLowerCase()
    .min(1, messageKey('required'))
    .max(SHORT_TEXT_MAX, messageKey('maxLength', { n: SHORT_TEXT_MAX })),
});

/** Section collections: the section service serves templates and drafts alike. */
export const sectionCollections = ['templates', 'drafts'] as const;
export type SectionCollection = (typeof sectionCollections)[number];

export const addSectionSchema = z.strictObject({
  afterSectionId: z.uuid().optional(),
  parentId: z.uuid().optional(),
  title: optionalText(SHORT_TEXT_MAX).optional(),
});
export type AddSectionInput = z.infer<typeof addSectionSchema>;

export const contentOptionSchema = z.strictObject({
  id: plainText().trim().min(1).max(64),
  html: plainText().max(CONTENT_HTML_MAX, messageKey('maxLength', { n: CONTENT_HTML_MAX })),
  help: plainText().max(5000).optional(),
});

/** Saving a section: its title, help and content options (the rules of `contentOptionsError`). */
export const saveSectionSchema = z
  .strictObject({
    title: optionalText(SHORT_TEXT_MAX),
    help: plainText().max(5000).nullable().optional(),
    content: z
      .array(contentOptionSchema)
      .min(1, templateMessages.en.optionRequired)
      .max(MAX_CONTENT_OPTIONS, templateMessages.en.tooManyOptions),
    defaultContentId: plainText().min(1).max(64).nullable(),
    /** Template sections only: keeps the section from being edited or negotiated in drafts. */
    editLock: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const error = contentOptionsError(value.content, value.defaultContentId);
    if (error)
      ctx.addIssue({ code: 'custom', message: templateMessages.en[error], path: ['content'] });
  });
export type SaveSectionInput = z.infer<typeof saveSectionSchema>;

export const moveSectionSchema = z.strictObject({ direction: z.enum(moveDirections) });

/** Sharing: invite people by e-mail, whole workspaces or groups with one role. */
export const shareDocumentSchema = z
  .strictObject({
    emails: z.array(emailField()).max(100).optional(),
    workspaceIds: z.array(z.uuid()).max(100).optional(),
    groupIds: z.array(z.uuid()).max(100).optional(),
    role: z.enum(accessRoles),
  })
  .refine(
    (value) =>
      (value.emails?.length ?? 0) +
        (value.workspaceIds?.length ?? 0) +
        (value.groupIds?.length ?? 0) >
      0,
    { message: templateMessages.en.noInvitees, path: ['emails'] },
  );
export type ShareDocumentInput = z.infer<typeof shareDocumentSchema>;

export const updateAccessSchema = z.strictObject({ role: z.enum(accessRoles) });

export const setDocumentTagsSchema = z.strictObject({
  tagIds: z.array(z.uuid()).max(200),
});

/* ------------------------------------------------------------------------------------------ */
/* Response shapes                                                                             */
/* ------------------------------------------------------------------------------------------ */

export type UserRef = { id: string; name: string };

/** One card of the template library. */
export type TemplateCard = {
  id: string;
  title: string;
  abstract: string;
  category: string | null;
  language: string | null;
  region: string | null;
  partner: string | null;
  isGlobal: boolean;
  /** Credits per receiver; null means 1. */
  price: number | null;
  createdBy: string;
  createdAt: string;
  modifiedAt: string;
  canEdit: boolean;
  group: TemplateGroup;
};

/** One section of a template or a draft as the editor shows it. */
export type Section = {
  id: string;
  parentId: string | null;
  position: number;
  type: SectionType;
  title: string;
  help: string | null;
  content: ContentOption[];
  defaultContentId: string | null;
  editLock: boolean;
  lockedBy: UserRef | null;
  /** Display number ('1', '1.1'); '' for the parties and signers blocks. */
  number: string;
  modifiedAt: string;
};

export type DocumentTag = { id: string; tag: string };

export type TemplateDetail = TemplateCard & {
  couponCode: string | null;
  parties: Parties;
  lockedBy: UserRef | null;
  canPublish: boolean;
  tags: DocumentTag[];
  sections: Section[];
};

/** One page of the library (`GET /templates`); `choices` on the first page only. */
export type TemplateList = {
  templates: TemplateCard[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  choices: { category: string[]; language: string[]; region: string[]; partner: string[] } | null;
};
export type RedeemCouponResult = { templateId: string; templateTitle: string };
export type SectionList = { sections: Section[] };

/** One member of a document's share list. */
export type AccessEntry = {
  id: string;
  userId: string | null;
  email: string | null;
  name: string | null;
  workspaceId: string | null;
  workspaceTitle: string | null;
  groupId: string | null;
  groupName: string | null;
  role: AccessRole;
  party: AccessParty | null;
};
export type AccessList = { entries: AccessEntry[]; canManage: boolean };

export type SharingSuggestions = {
  people: Array<{ email: string; name: string }>;
  workspaces: Array<{ id: string; title: string }>;
  groups: Array<{ id: string; name: string; workspaceTitle: string }>;
};

export type DocumentTags = {
  tags: DocumentTag[];
  available: Array<{ id: string; tag: string; workspaceId: string }>;
};

/** Realtime event types on `template:<id>` and `draft:<id>`. */
export const sectionEventTypes = {
  sectionsChanged: 'sections.changed',
  sectionLocked: 'section.locked',
  documentChanged: 'document.changed',
} as const;
