import type { NotificationEvent } from './notifications';
import type { Lang } from './validation';

/*
 * What a notification says (spec 1 §4 event types), in en and fi: the one wording of the
 * notifications menu, its toasts and the e-mail digest. `{{from}}` is who acted, `{{section}}`
 * the section's title, `{{subject}}` an alert's subject; the document's title is shown beside.
 */
const texts: Record<Lang, Record<NotificationEvent | 'other', string>> = {
  en: {
    'document-create': '{{from}} sent you a document',
    'document-sign': '{{from}} signed the document',
    'signing-start': '{{from}} started the signing process',
    'restart-nego': '{{from}} restarted negotiations',
    'sign-to-nego': '{{from}} started negotiations',
    'signing-declined': '{{from}} declined to sign',
    'signing-withdrawn': '{{from}} withdrew the signing request',
    'signing-complete': 'The document is signed by all parties',
    'section-edit': '{{from}} made a new version of “{{section}}”',
    'section-agree': '{{from}} agreed to “{{section}}”',
    'section-reopen': '{{from}} reopened “{{section}}”',
    'section-create': '{{from}} added the section “{{section}}”',
    'section-delete': '{{from}} removed the section “{{section}}”',
    'new-inbox-item': 'The signed document was saved in your archive’s Inbox',
    'upcoming-document-alert': 'Document alert: {{subject}}',
    'document-settings': '{{from}} changed the document settings',
    'document-trash': '{{from}} moved the document to the trash',
    'document-restore': 'The document was restored from the trash',
    other: '{{from}} updated the document',
  },
  fi: {
    'document-create': '{{from}} lähetti sinulle asiakirjan',
    'document-sign': '{{from}} allekirjoitti asiakirjan',
    'signing-start': '{{from}} aloitti allekirjoituksen',
    'restart-nego': '{{from}} aloitti neuvottelut uudelleen',
    'sign-to-nego': '{{from}} aloitti neuvottelut',
    'signing-declined': '{{from}} kieltäytyi allekirjoittamasta',
    'signing-withdrawn': '{{from}} veti allekirjoituspyynnön takaisin',
    'signing-complete': 'Kaikki osapuolet ovat allekirjoittaneet asiakirjan',
    'section-edit': '{{from}} teki uuden version kohdasta ”{{section}}”',
    'section-agree': '{{from}} hyväksyi kohdan ”{{section}}”',
    'section-reopen': '{{from}} avasi kohdan ”{{section}}” uudelleen',
    'section-create': '{{from}} lisäsi kohdan ”{{section}}”',
    'section-delete': '{{from}} poisti kohdan ”{{section}}”',
    'new-inbox-item': 'Allekirjoitettu asiakirja tallennettiin arkistosi Saapuneet-kansioon',
    'upcoming-document-alert': 'Asiakirjamuistutus: {{subject}}',
    'document-settings': '{{from}} muutti asiakirjan asetuksia',
    'document-trash': '{{from}} siirsi asiakirjan roskakoriin',
    'document-restore': 'Asiakirja palautettiin roskakorista',
    other: '{{from}} päivitti asiakirjaa',
  },
};

/** Who acted when the name is not known, and an untitled section. */
const fallbacks: Record<Lang, { someone: string; untitled: string }> = {
  en: { someone: 'Someone', untitled: 'Untitled section' },
  fi: { someone: 'Joku', untitled: 'Nimetön kohta' },
};

/** The line of one notification (merged ones say how many times only in the menu). */
export function notificationText(
  lang: Lang,
  item: {
    event: string;
    fromName: string | null;
    sectionTitle: string | null;
    subject?: string | null;
  },
): string {
  const wording = texts[lang];
  const template = Object.hasOwn(wording, item.event)
    ? wording[item.event as NotificationEvent]
    : wording.other;
  const values: Record<string, string> = {
    from: item.fromName || fallbacks[lang].someone,
    section: item.sectionTitle || fallbacks[lang].untitled,
    subject: item.subject ?? '',
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}
