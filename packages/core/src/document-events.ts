import type { Lang } from './validation';

/*
 * The events of a document's history (spec 2 §3 event, spec 3 document event): the one list of
 * the codes the server writes, and their audit-trail texts in both languages. The server's
 * event writer takes only these codes, and every code must have a text in each language (a
 * `Record` over the codes), so a new event cannot reach the audit trail as a raw code.
 */

/** Every event code the server writes to a document's history. */
export const documentEventCodes = [
  // The document
  /** A template, draft or deal was made (a deal: sent, or sent as Send & Sign PDF). */
  'document-create',
  /** A template or draft was opened (at most once per user in ten minutes). */
  'document-open',
  /** The deal's settings (title, abstract, contract id, parties) changed. */
  'document-settings',
  'document-trash',
  'document-restore',
  // Sections (their id and title at the time are on the event)
  'section-create',
  /** A new version of the section's text or title (countered). */
  'section-edit',
  'section-delete',
  'section-agree',
  'section-reopen',
  // A party's internal comments on a section (only that party sees them)
  'section-internal-thread',
  'section-internal-thread-reply',
  'section-internal-thread-resolve',
  // Signing (spec 3 §4; 'signign-start' is the spec's spelling and is kept)
  /** A party named its signers for the first time. */
  'signer-setup',
  /** A party replaced its signers. */
  'change-signer',
  'signign-start',
  /** Signing was cancelled (negotiate process): back to negotiation. */
  'restart-nego',
  /** A sign-process deal switched to negotiation. */
  'sign-to-nego',
  'signer-2fa-code-sent',
  'signer-2fa-completed',
  /** One signer signed. */
  'document-sign',
  /** The last signer signed: the deal is signed. */
  'signing-complete',
  'send-all-signers-email',
  /** A signer or a party's editor declined to sign, with a reason: back to negotiation. */
  'signing-declined',
  /** A signature given before a decline or a withdrawal, voided by it (signer, time, text kept). */
  'signature-voided',
  /** The sender's side withdrew the signing request, with a reason: to negotiation or trash. */
  'signing-withdrawn',
  /** A signer who has not signed was reminded by e-mail (by the schedule, or 'Remind now'). */
  'signing-reminder-sent',
  /** A party replaced one signer who had not signed, with a reason; the others stay. */
  'signer-replaced',
] as const;
export type DocumentEventCode = (typeof documentEventCodes)[number];

export function isDocumentEventCode(value: string): value is DocumentEventCode {
  return (documentEventCodes as readonly string[]).includes(value);
}

/** The section an event is about: its number now ('' for none) and its title at the time. */
export type AuditEventSection = { number: string; title: string };

/** The audit-trail texts. A section event's text is followed by the section (': 2 Price'). */
const eventTexts: Record<Lang, Record<DocumentEventCode, string>> = {
  en: {
    'document-create': 'Document created',
    'document-open': 'Document opened',
    'document-settings': 'Document settings changed',
    'document-trash': 'Document moved to the trash',
    'document-restore': 'Document restored from the trash',
    'section-create': 'Section added',
    'section-edit': 'New version of a section',
    'section-delete': 'Section removed',
    'section-agree': 'Section agreed',
    'section-reopen': 'Section reopened',
    'section-internal-thread': 'Internal discussion started',
    'section-internal-thread-reply': 'Reply to an internal discussion',
    'section-internal-thread-resolve': 'Internal discussion resolved',
    'signer-setup': 'Signers named',
    'change-signer': 'Signers changed',
    'signign-start': 'Signing started',
    'restart-nego': 'Signing cancelled, back to negotiation',
    'sign-to-nego': 'Switched from signing to negotiation',
    'signer-2fa-code-sent': 'Verification code sent by SMS',
    'signer-2fa-completed': 'Phone verified with the code',
    'document-sign': 'Document signed',
    'signing-complete': 'All parties signed',
    'send-all-signers-email': 'Signed document sent to all signers',
    'signing-declined': 'Declined to sign, back to negotiation',
    'signature-voided': 'Signature voided',
    'signing-withdrawn': 'Signing request withdrawn by the sender',
    'signing-reminder-sent': 'Reminder to sign sent',
    'signer-replaced': 'Signer replaced',
  },
  fi: {
    'document-create': 'Asiakirja luotu',
    'document-open': 'Asiakirja avattu',
    'document-settings': 'Asiakirjan asetuksia muutettu',
    'document-trash': 'Asiakirja siirretty roskakoriin',
    'document-restore': 'Asiakirja palautettu roskakorista',
    'section-create': 'Kohta lisätty',
    'section-edit': 'Kohdasta uusi versio',
    'section-delete': 'Kohta poistettu',
    'section-agree': 'Kohta hyväksytty',
    'section-reopen': 'Kohta avattu uudelleen',
    'section-internal-thread': 'Sisäinen keskustelu aloitettu',
    'section-internal-thread-reply': 'Vastaus sisäiseen keskusteluun',
    'section-internal-thread-resolve': 'Sisäinen keskustelu ratkaistu',
    'signer-setup': 'Allekirjoittajat nimetty',
    'change-signer': 'Allekirjoittajat vaihdettu',
    'signign-start': 'Allekirjoitus aloitettu',
    'restart-nego': 'Allekirjoitus peruttu, palattu neuvotteluun',
    'sign-to-nego': 'Vaihdettu allekirjoituksesta neuvotteluun',
    'signer-2fa-code-sent': 'Vahvistuskoodi lähetetty tekstiviestillä',
    'signer-2fa-completed': 'Puhelin vahvistettu koodilla',
    'document-sign': 'Asiakirja allekirjoitettu',
    'signing-complete': 'Kaikki osapuolet allekirjoittaneet',
    'send-all-signers-email': 'Allekirjoitettu asiakirja lähetetty kaikille allekirjoittajille',
    'signing-declined': 'Allekirjoittamisesta kieltäydytty, palattu neuvotteluun',
    'signature-voided': 'Allekirjoitus mitätöity',
    'signing-withdrawn': 'Lähettäjä veti allekirjoituspyynnön takaisin',
    'signing-reminder-sent': 'Muistutus allekirjoittamisesta lähetetty',
    'signer-replaced': 'Allekirjoittaja vaihdettu',
  },
};

/** An event the list does not know (an old row, or a newer server): readable, never the code. */
const unknownEventText: Record<Lang, string> = {
  en: 'Document updated',
  fi: 'Asiakirjaa päivitetty',
};

/** The text of an event code alone, e.g. 'Document signed'. */
export function documentEventText(event: string, lang: Lang = 'en'): string {
  return isDocumentEventCode(event) ? eventTexts[lang][event] : unknownEventText[lang];
}

/**
 * What a line says beyond its event, from the event's data: whose signature a decline voided,
 * and why a signer declined (issue 40).
 */
export type AuditEventDetail = { signer?: string; reason?: string };

/** What a line of the audit trail is made of. */
export type AuditEventLine = {
  event: string;
  /** Who caused it. */
  by?: string | null;
  section?: AuditEventSection | null;
  detail?: AuditEventDetail | null;
};

const reasonLabel: Record<Lang, string> = { en: 'Reason', fi: 'Perustelu' };

/** The detail an event's stored data gives its line; null when it gives none. */
export function auditEventDetail(event: string, data: unknown): AuditEventDetail | null {
  const record = (data ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  if (event === 'signature-voided' || event === 'signing-reminder-sent') {
    const signer = text('name');
    return signer ? { signer } : null;
  }
  if (event === 'signer-replaced') {
    const from = text('from');
    const to = text('to');
    const reason = text('reason');
    return from && to ? { signer: `${from} → ${to}`, ...(reason ? { reason } : {}) } : null;
  }
  if (event === 'signing-declined' || event === 'signing-withdrawn') {
    const reason = text('reason');
    return reason ? { reason } : null;
  }
  return null;
}

/**
 * A line of the audit trail: the event's text, the section (or the signer) it is about, who
 * caused it and a decline's reason, e.g. 'Section agreed: 2 Price — Matti Meikäläinen'.
 */
export function auditEventText(line: AuditEventLine, lang: Lang = 'en'): string {
  const section = line.section
    ? [line.section.number, line.section.title.trim()].filter(Boolean).join(' ')
    : '';
  const text = documentEventText(line.event, lang);
  const about = section || line.detail?.signer || '';
  const withSection = about ? `${text}: ${about}` : text;
  const withBy = line.by ? `${withSection} — ${line.by}` : withSection;
  return line.detail?.reason ? `${withBy}. ${reasonLabel[lang]}: ${line.detail.reason}` : withBy;
}
