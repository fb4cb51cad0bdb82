import type { AccessRole } from '@pactum/core/documents';
import type { Lang } from '@pactum/core/validation';

export type MailLang = Lang;

/** One e-mail's wording in one language: a subject, paragraphs and an optional button. */
type Wording<V> = {
  subject: (vars: V) => string;
  paragraphs: (vars: V) => string[];
  action?: (vars: V) => { label: string; url: string };
  /** Header lines of the message (List-Unsubscribe), built from the real values. */
  headers?: (vars: V) => Record<string, string>;
};

type MailTemplate<V> = Record<MailLang, Wording<V>>;

/**
 * An e-mail digest: the reader's new notifications as lines (what happened, on which document),
 * how many more there were, the app's address and the one-click unsubscribe addresses (the
 * page people open, and the API a mail provider posts to).
 */
export type NotificationDigestVars = {
  name: string;
  count: number;
  lines: { text: string; title: string }[];
  more: number;
  frequency: 'daily2x' | 'daily' | 'weekly';
  url: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
};
const digestFrequency = {
  en: { daily2x: 'twice a day', daily: 'once a day', weekly: 'once a week' },
  fi: { daily2x: 'kahdesti päivässä', daily: 'kerran päivässä', weekly: 'kerran viikossa' },
} as const;
/** RFC 8058 one-click unsubscribe: mail providers offer it and post to `oneClickUrl`. */
const digestHeaders = (v: NotificationDigestVars) => ({
  'List-Unsubscribe': `<${v.oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
/** A digest line: names and titles people chose are made inert here (they sit in a list). */
const digestLine = (line: { text: string; title: string }) =>
  `• ${inertText(line.text)}${line.title ? ` – ${inertText(line.title)}` : ''}`;

/** The variables of a deal invite: who sent what to which party, and the invite link. */
type DealInviteVars = {
  sender: string;
  title: string;
  receiver: string;
  message: string | null;
  url: string;
};

/** A withdrawn signing request: who withdrew it for which company, on which document, and why. */
type SigningWithdrawnVars = { by: string; party: string; title: string; reason: string };

/** A decline to sign: who, for which company, on which document and why, and the deal's link. */
type SigningDeclinedVars = {
  by: string;
  party: string;
  title: string;
  reason: string;
  url: string;
};

/** A reminder to sign: who, which document from whom for which company, and their link. */
type SigningReminderVars = {
  signer: string;
  title: string;
  sender: string;
  party: string;
  url: string;
};

type SigningRequestVars = {
  signer: string;
  sender: string;
  title: string;
  party: string;
  url: string;
};
type SignedDocumentVars = { title: string; sha256: string; url: string };
/** A document alert's mail: `title` is shown only to a reader whose account may open the file. */
type DocumentAlertVars = {
  isUser: boolean;
  title: string;
  subject: string;
  message: string;
  /** Who set the alert, and their address ('' when the account is gone). */
  sender: string;
  senderEmail: string;
  /** Who changed it since, when not its author (a workspace administrator); else ''. */
  editor: string;
  editorEmail: string;
  url: string;
};

/** Whose words an alert's subject and message are: who saved it last. */
function alertWriter(v: DocumentAlertVars): { name: string; email: string } | undefined {
  if (v.editor) return { name: v.editor, email: v.editorEmail };
  return v.sender ? { name: v.sender, email: v.senderEmail } : undefined;
}
/** Someone gave the reader access to a template, draft or deal; `isRegistered` tells which hint. */
type DocumentSharedVars = {
  sharer: string;
  title: string;
  kind: 'template' | 'draft' | 'deal';
  role: AccessRole;
  isRegistered: boolean;
  url: string;
};
const sharedKind = {
  en: { template: 'template', draft: 'draft', deal: 'contract' },
  fi: { template: 'sopimuspohjan', draft: 'luonnoksen', deal: 'sopimuksen' },
} as const;

/**
 * Every e-mail Pactum sends. Features add their templates here; each has en and fi.
 * Variables are plain text: rendering escapes them for HTML and keeps the ones people choose
 * from becoming links (`chosenText` below: list a new template's chosen variables there).
 */
export const mailTemplates = {
  /** Sent by the operator command `npm run mail:test -- EMAIL` to check the mail set-up. */
  'test-delivery': {
    en: {
      subject: () => 'Pactum test message',
      paragraphs: (v: { url: string }) => [
        'This message shows that Pactum can send e-mail from this installation.',
        `Installation: ${v.url}`,
      ],
      action: (v: { url: string }) => ({ label: 'Open Pactum', url: v.url }),
    },
    fi: {
      subject: () => 'Pactumin testiviesti',
      paragraphs: (v: { url: string }) => [
        'Tämä viesti osoittaa, että Pactum voi lähettää sähköpostia tästä asennuksesta.',
        `Asennus: ${v.url}`,
      ],
      action: (v: { url: string }) => ({ label: 'Avaa Pactum', url: v.url }),
    },
  },
  /** The link that proves the address belongs to the user (spec 1 §4, e-mail verification). */
  'verify-email': {
    en: {
      subject: () => 'Verify your e-mail address for Pactum',
      paragraphs: (v: { name: string; url: string }) => [
        `Hello ${v.name},`,
        'Please confirm that this e-mail address is yours by opening the link below. The link is valid for 24 hours.',
        'If you did not create a Pactum account, you can ignore this message.',
      ],
      action: (v: { name: string; url: string }) => ({
        label: 'Verify e-mail address',
        url: v.url,
      }),
    },
    fi: {
      subject: () => 'Vahvista sähköpostiosoitteesi Pactumiin',
      paragraphs: (v: { name: string; url: string }) => [
        `Hei ${v.name},`,
        'Vahvista, että tämä sähköpostiosoite on sinun, avaamalla alla oleva linkki. Linkki on voimassa 24 tuntia.',
        'Jos et luonut Pactum-tiliä, voit jättää tämän viestin huomiotta.',
      ],
      action: (v: { name: string; url: string }) => ({
        label: 'Vahvista sähköpostiosoite',
        url: v.url,
      }),
    },
  },
  /** The link to set a new password (spec 1 §2, the forgot-password card). */
  'reset-password': {
    en: {
      subject: () => 'Reset your Pactum password',
      paragraphs: (_v: { url: string }) => [
        'Someone asked to reset the password of your Pactum account. Open the link below to choose a new password. The link is valid for one hour and works once.',
        'If it was not you, ignore this message: your password stays as it is.',
      ],
      action: (v: { url: string }) => ({ label: 'Choose a new password', url: v.url }),
    },
    fi: {
      subject: () => 'Vaihda Pactum-salasanasi',
      paragraphs: (_v: { url: string }) => [
        'Pactum-tilisi salasanan vaihtoa pyydettiin. Avaa alla oleva linkki ja valitse uusi salasana. Linkki on voimassa tunnin ja toimii kerran.',
        'Jos et pyytänyt vaihtoa, jätä tämä viesti huomiotta: salasanasi pysyy ennallaan.',
      ],
      action: (v: { url: string }) => ({ label: 'Valitse uusi salasana', url: v.url }),
    },
  },
  /** An invitation to join a workspace (spec 3 §2.5, member invitation). */
  'workspace-invite': {
    en: {
      subject: (v: { inviter: string; workspace: string; url: string }) =>
        `${v.inviter} invited you to the workspace ${v.workspace} in Pactum`,
      paragraphs: (v: { inviter: string; workspace: string; url: string }) => [
        `${v.inviter} invited you to the Pactum workspace "${v.workspace}".`,
        'Sign in (or register) with this e-mail address and verify it: you join the workspace when you sign in.',
      ],
      action: (v: { inviter: string; workspace: string; url: string }) => ({
        label: 'Open Pactum',
        url: v.url,
      }),
    },
    fi: {
      subject: (v: { inviter: string; workspace: string; url: string }) =>
        `${v.inviter} kutsui sinut Pactumin työtilaan ${v.workspace}`,
      paragraphs: (v: { inviter: string; workspace: string; url: string }) => [
        `${v.inviter} kutsui sinut Pactum-työtilaan "${v.workspace}".`,
        'Kirjaudu sisään (tai rekisteröidy) tällä sähköpostiosoitteella ja vahvista se: liityt työtilaan kirjautuessasi.',
      ],
      action: (v: { inviter: string; workspace: string; url: string }) => ({
        label: 'Avaa Pactum',
        url: v.url,
      }),
    },
  },
  /** A receiver's invite to a sent deal (spec 2 §4.7): the link /document/invite/{shortId}. */
  'deal-invite': {
    en: {
      subject: (v: DealInviteVars) => `${v.sender} sent you the contract "${v.title}" in Pactum`,
      paragraphs: (v: DealInviteVars) => [
        `${v.sender} sent the contract "${v.title}" to ${v.receiver} for you to review.`,
        ...(v.message ? [`Message from ${v.sender}: ${v.message}`] : []),
        'Open the contract with the link below. Sign in (or register) with this e-mail address.',
      ],
      action: (v: DealInviteVars) => ({ label: 'Open the contract', url: v.url }),
    },
    fi: {
      subject: (v: DealInviteVars) =>
        `${v.sender} lähetti sinulle sopimuksen "${v.title}" Pactumissa`,
      paragraphs: (v: DealInviteVars) => [
        `${v.sender} lähetti sopimuksen "${v.title}" osapuolelle ${v.receiver} tarkastettavaksi.`,
        ...(v.message ? [`Viesti lähettäjältä ${v.sender}: ${v.message}`] : []),
        'Avaa sopimus alla olevasta linkistä. Kirjaudu sisään (tai rekisteröidy) tällä sähköpostiosoitteella.',
      ],
      action: (v: DealInviteVars) => ({ label: 'Avaa sopimus', url: v.url }),
    },
  },
  /** A signer's request to sign (spec 3 §4 start signing): the link /document/sign/{shortId}. */
  'signing-request': {
    en: {
      subject: (v: SigningRequestVars) => `Please sign the document "${v.title}" in Pactum`,
      paragraphs: (v: SigningRequestVars) => [
        `Hello ${v.signer},`,
        `${v.sender} asks you to sign the document "${v.title}" for ${v.party}.`,
        'Open the document with the link below. Sign in (or register) with this e-mail address.',
      ],
      action: (v: SigningRequestVars) => ({ label: 'Review and sign', url: v.url }),
    },
    fi: {
      subject: (v: SigningRequestVars) => `Allekirjoita asiakirja "${v.title}" Pactumissa`,
      paragraphs: (v: SigningRequestVars) => [
        `Hei ${v.signer},`,
        `${v.sender} pyytää sinua allekirjoittamaan asiakirjan "${v.title}" osapuolen ${v.party} puolesta.`,
        'Avaa asiakirja alla olevasta linkistä. Kirjaudu sisään (tai rekisteröidy) tällä sähköpostiosoitteella.',
      ],
      action: (v: SigningRequestVars) => ({ label: 'Tarkista ja allekirjoita', url: v.url }),
    },
  },
  /**
   * A decline to sign (issue 40), to everyone on both sides of the deal: who declined, for which
   * company, and why; the deal is back in negotiation.
   */
  'signing-declined': {
    en: {
      subject: (v: SigningDeclinedVars) => `${v.by} declined to sign "${v.title}"`,
      paragraphs: (v: SigningDeclinedVars) => [
        'Hello,',
        `${v.by} (${v.party}) declined to sign the document "${v.title}". Signatures already given were voided, and the document is back in negotiation.`,
        `Their reason: ${v.reason}`,
        'Open the document with the link below to answer or to start signing again.',
      ],
      action: (v: SigningDeclinedVars) => ({ label: 'Open in Pactum', url: v.url }),
    },
    fi: {
      subject: (v: SigningDeclinedVars) =>
        `${v.by} kieltäytyi allekirjoittamasta asiakirjaa "${v.title}"`,
      paragraphs: (v: SigningDeclinedVars) => [
        'Hei,',
        `${v.by} (${v.party}) kieltäytyi allekirjoittamasta asiakirjaa "${v.title}". Jo annetut allekirjoitukset mitätöitiin, ja asiakirja on palannut neuvotteluun.`,
        `Perustelu: ${v.reason}`,
        'Avaa asiakirja alla olevasta linkistä vastataksesi tai aloittaaksesi allekirjoituksen uudelleen.',
      ],
      action: (v: SigningDeclinedVars) => ({ label: 'Avaa Pactumissa', url: v.url }),
    },
  },
  /**
   * A signing request withdrawn by the sender's side (issue 40), to every signer (whose link
   * stops working) and everyone on the receiver's side: who, and why.
   */
  'signing-withdrawn': {
    en: {
      subject: (v: SigningWithdrawnVars) => `The signing request for "${v.title}" was withdrawn`,
      paragraphs: (v: SigningWithdrawnVars) => [
        'Hello,',
        `${v.by} (${v.party}) withdrew the request to sign the document "${v.title}". Signing links sent for it no longer work, and signatures already given were voided. Nothing more is needed from you.`,
        `Their reason: ${v.reason}`,
      ],
    },
    fi: {
      subject: (v: SigningWithdrawnVars) =>
        `Asiakirjan "${v.title}" allekirjoituspyyntö vedettiin takaisin`,
      paragraphs: (v: SigningWithdrawnVars) => [
        'Hei,',
        `${v.by} (${v.party}) veti takaisin pyynnön allekirjoittaa asiakirja "${v.title}". Sen allekirjoituslinkit eivät enää toimi, ja jo annetut allekirjoitukset mitätöitiin. Sinulta ei tarvita muuta.`,
        `Perustelu: ${v.reason}`,
      ],
    },
  },
  /**
   * A reminder to a signer who has not signed yet (issue 40): sent by the deal's schedule or
   * 'Remind now', with their own signing link.
   */
  'signing-reminder': {
    en: {
      subject: (v: SigningReminderVars) => `Reminder: please sign "${v.title}" in Pactum`,
      paragraphs: (v: SigningReminderVars) => [
        `Hello ${v.signer},`,
        `The document "${v.title}" from ${v.sender} is still waiting for your signature for ${v.party}.`,
        'Open the document with the link below. Sign in (or register) with this e-mail address.',
      ],
      action: (v: SigningReminderVars) => ({ label: 'Review and sign', url: v.url }),
    },
    fi: {
      subject: (v: SigningReminderVars) => `Muistutus: allekirjoita "${v.title}" Pactumissa`,
      paragraphs: (v: SigningReminderVars) => [
        `Hei ${v.signer},`,
        `Asiakirja "${v.title}" lähettäjältä ${v.sender} odottaa yhä allekirjoitustasi osapuolen ${v.party} puolesta.`,
        'Avaa asiakirja alla olevasta linkistä. Kirjaudu sisään (tai rekisteröidy) tällä sähköpostiosoitteella.',
      ],
      action: (v: SigningReminderVars) => ({ label: 'Tarkista ja allekirjoita', url: v.url }),
    },
  },
  /** Every signer's copy of a signed document (spec 3 §4 send-all-signers-email). */
  'signed-document': {
    en: {
      subject: (v: SignedDocumentVars) => `All parties have signed "${v.title}"`,
      paragraphs: (v: SignedDocumentVars) => [
        `All parties have now signed the document "${v.title}".`,
        `The signed PDF is sealed by Pactum. Its SHA-256 is ${v.sha256}.`,
        'Download it with the link below (sign in with this e-mail address).',
      ],
      action: (v: SignedDocumentVars) => ({ label: 'Download signed PDF', url: v.url }),
    },
    fi: {
      subject: (v: SignedDocumentVars) => `Kaikki osapuolet ovat allekirjoittaneet: "${v.title}"`,
      paragraphs: (v: SignedDocumentVars) => [
        `Kaikki osapuolet ovat nyt allekirjoittaneet asiakirjan "${v.title}".`,
        `Allekirjoitettu PDF on Pactumin sinetöimä. Sen SHA-256 on ${v.sha256}.`,
        'Lataa se alla olevasta linkistä (kirjaudu sisään tällä sähköpostiosoitteella).',
      ],
      action: (v: SignedDocumentVars) => ({ label: 'Lataa allekirjoitettu PDF', url: v.url }),
    },
  },
  /** Sharing by e-mail (spec 2 §6): the person hears of their new access. */
  'document-shared': {
    en: {
      subject: (v: DocumentSharedVars) => `${v.sharer} shared "${v.title}" with you`,
      paragraphs: (v: DocumentSharedVars) => [
        'Hello,',
        `${v.sharer} has shared the ${sharedKind.en[v.kind]} "${v.title}" with you on Pactum. You can ${v.role === 'edit' ? 'view and edit' : 'view'} it.`,
        v.isRegistered
          ? 'Sign in with this e-mail address to open it.'
          : 'You do not have a Pactum account yet: sign up with this e-mail address and the document is waiting for you.',
      ],
      action: (v: DocumentSharedVars) => ({ label: 'Open in Pactum', url: v.url }),
    },
    fi: {
      subject: (v: DocumentSharedVars) => `${v.sharer} jakoi sinulle asiakirjan "${v.title}"`,
      paragraphs: (v: DocumentSharedVars) => [
        'Hei,',
        `${v.sharer} jakoi sinulle ${sharedKind.fi[v.kind]} "${v.title}" Pactumissa. Voit ${v.role === 'edit' ? 'katsella ja muokata' : 'katsella'} sitä.`,
        v.isRegistered
          ? 'Kirjaudu sisään tällä sähköpostiosoitteella avataksesi sen.'
          : 'Sinulla ei vielä ole Pactum-tiliä: rekisteröidy tällä sähköpostiosoitteella, niin asiakirja odottaa sinua.',
      ],
      action: (v: DocumentSharedVars) => ({ label: 'Avaa Pactumissa', url: v.url }),
    },
  },
  /**
   * A document alert's day (spec 1 §4 upcoming-document-alert). Only a reader whose account may
   * open the file (`isUser`) is told its name; anyone else gets the subject, message and a link
   * that leads through sign-in. Every reader is told who set it and who changed it since (an
   * administrator); a reader without an account also the name and address of the one who wrote
   * the text they read (issue 35).
   */
  'document-alert': {
    en: {
      subject: (v: { subject: string }) => `Reminder: ${v.subject}`,
      paragraphs: (v: DocumentAlertVars) => {
        const writer = alertWriter(v);
        return [
          v.isUser
            ? `This is your reminder about the file "${v.title}" in your Pactum archive${v.sender ? `, set by ${v.sender}` : ''}${v.editor ? ` and last changed by ${v.editor}` : ''}.`
            : v.sender
              ? `${v.sender} (${v.senderEmail}) set this reminder for you in Pactum${v.editor ? `, and ${v.editor} (${v.editorEmail}) changed it` : ''}.`
              : v.editor
                ? `${v.editor} (${v.editorEmail}) changed this reminder set for you in Pactum.`
                : 'This is a reminder set for you in Pactum.',
          ...(!v.isUser && writer
            ? [`The subject and message below were written by ${writer.name} (${writer.email}).`]
            : []),
          `Subject: ${v.subject}`,
          ...(v.message ? [v.message] : []),
          v.isUser
            ? 'Open the file with the link below.'
            : 'The link below leads to Pactum: sign in to see what it concerns, if you have access to it.',
        ];
      },
      action: (v: { url: string }) => ({ label: 'Open in Pactum', url: v.url }),
    },
    fi: {
      subject: (v: { subject: string }) => `Muistutus: ${v.subject}`,
      paragraphs: (v: DocumentAlertVars) => {
        const writer = alertWriter(v);
        return [
          v.isUser
            ? `${v.sender ? `${v.sender} asetti tämän muistutuksen` : 'Tämä on muistutus'} tiedostosta "${v.title}" Pactum-arkistossasi.${v.editor ? ` ${v.editor} muutti sitä viimeksi.` : ''}`
            : v.sender
              ? `${v.sender} (${v.senderEmail}) asetti sinulle tämän muistutuksen Pactumissa${v.editor ? `, ja ${v.editor} (${v.editorEmail}) muutti sitä` : ''}.`
              : v.editor
                ? `${v.editor} (${v.editorEmail}) muutti tätä sinulle asetettua muistutusta Pactumissa.`
                : 'Tämä on sinulle asetettu muistutus Pactumissa.',
          ...(!v.isUser && writer
            ? [`Alla olevan aiheen ja viestin on kirjoittanut ${writer.name} (${writer.email}).`]
            : []),
          `Aihe: ${v.subject}`,
          ...(v.message ? [v.message] : []),
          v.isUser
            ? 'Avaa tiedosto alla olevasta linkistä.'
            : 'Alla oleva linkki vie Pactumiin: kirjaudu sisään nähdäksesi, mitä muistutus koskee, jos sinulla on siihen pääsy.',
        ];
      },
      action: (v: { url: string }) => ({ label: 'Avaa Pactumissa', url: v.url }),
    },
  },
  /**
   * The e-mail digest of new notifications (spec 1 §9 e-mail notification options), with the
   * one-click unsubscribe link in the text and in the List-Unsubscribe headers.
   */
  'notification-digest': {
    en: {
      subject: (v: NotificationDigestVars) =>
        v.count === 1 ? 'Pactum: 1 new notification' : `Pactum: ${v.count} new notifications`,
      paragraphs: (v: NotificationDigestVars) => [
        `Hello ${inertText(v.name)},`,
        'Here is what happened in Pactum since your last summary, newest first:',
        ...v.lines.map(digestLine),
        ...(v.more > 0 ? [`…and ${v.more} more.`] : []),
        `You get this summary ${digestFrequency.en[v.frequency]}; you can change that in your account settings. To stop these e-mails, open ${v.unsubscribeUrl}`,
      ],
      action: (v: NotificationDigestVars) => ({ label: 'Open Pactum', url: v.url }),
      headers: digestHeaders,
    },
    fi: {
      subject: (v: NotificationDigestVars) =>
        v.count === 1 ? 'Pactum: 1 uusi ilmoitus' : `Pactum: ${v.count} uutta ilmoitusta`,
      paragraphs: (v: NotificationDigestVars) => [
        `Hei ${inertText(v.name)},`,
        'Tässä Pactumin tapahtumat edellisen koosteen jälkeen, uusimmat ensin:',
        ...v.lines.map(digestLine),
        ...(v.more > 0 ? [`…ja ${v.more} muuta.`] : []),
        `Saat tämän koosteen ${digestFrequency.fi[v.frequency]}; voit muuttaa sen tilisi asetuksista. Voit lopettaa nämä viestit avaamalla ${v.unsubscribeUrl}`,
      ],
      action: (v: NotificationDigestVars) => ({ label: 'Avaa Pactum', url: v.url }),
      headers: digestHeaders,
    },
  },
} satisfies Record<string, MailTemplate<never>>;

export type MailTemplateName = keyof typeof mailTemplates;
/** The variables a template's wording takes. */
export type MailVars<N extends MailTemplateName> = Parameters<
  (typeof mailTemplates)[N]['en']['paragraphs']
>[0];

export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe), when the template has them. */
  headers?: Record<string, string>;
};

/**
 * The variables of each template that people choose (names, titles, messages) and that reach
 * someone other than who chose them: an address typed at sign-up may be someone else's too.
 * They are rendered inert (`inertText`), so no one can make our mails carry their links.
 */
const chosenText: { [N in MailTemplateName]?: ReadonlyArray<keyof MailVars<N>> } = {
  'verify-email': ['name'],
  'workspace-invite': ['inviter', 'workspace'],
  'deal-invite': ['sender', 'title', 'receiver', 'message'],
  'signing-request': ['signer', 'sender', 'title', 'party'],
  'signing-declined': ['by', 'party', 'title', 'reason'],
  'signing-withdrawn': ['by', 'party', 'title', 'reason'],
  'signing-reminder': ['signer', 'title', 'sender', 'party'],
  'signed-document': ['title'],
  'document-shared': ['sharer', 'title'],
  'document-alert': [
    'title',
    'subject',
    'message',
    'sender',
    'senderEmail',
    'editor',
    'editorEmail',
  ],
};

const ZWNJ = '\u200C';
/** A dot, colon, slash or at sign within a word: where link finders see a scheme or domain. */
const LINK_JOINT = /(?<=\S)([.:/@])(?=\S)/gu;

/**
 * Text that mail clients will not turn into a link: a zero-width non-joiner on both sides of
 * each dot, colon, slash and at sign inside a word breaks `http://`, `www.`, `evil.example`
 * and `a@b.fi` for their link finders, in the HTML and the text part alike, while the text
 * reads the same (a sentence's full stop or colon before a space is left alone). HTML escaping
 * is still `renderMail`'s.
 */
export function inertText(value: string): string {
  return value.replace(LINK_JOINT, `${ZWNJ}$1${ZWNJ}`);
}

function inertVars<N extends MailTemplateName>(name: N, vars: MailVars<N>): MailVars<N> {
  const keys = chosenText[name] as ReadonlyArray<keyof MailVars<N>> | undefined;
  if (!keys) return vars;
  const copy = { ...vars };
  for (const key of keys) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = inertText(value) as MailVars<N>[typeof key];
  }
  return copy;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Renders a template to the subject and both bodies (HTML and plain text). */
export function renderMail<N extends MailTemplateName>(
  name: N,
  lang: MailLang,
  vars: MailVars<N>,
): RenderedMail {
  const wording = mailTemplates[name][lang] as Wording<MailVars<N>>;
  const shown = inertVars(name, vars);
  const subject = wording.subject(shown);
  const paragraphs = wording.paragraphs(shown);
  // The button's address is ours, built from the real values.
  const action = wording.action?.(vars);
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '',
    '-- ',
    'Pactum',
  ]
    .join('\n\n')
    .replace(/\n\n\n\n/g, '\n\n');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td style="font-size:20px;font-weight:bold;color:#cc1672;padding-bottom:16px">Pactum</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${
  action
    ? `<tr><td style="padding:12px 0"><a href="${escapeHtml(action.url)}" style="background:#cc1672;color:#fff;text-decoration:none;padding:10px 18px;border-radius:4px;display:inline-block">${escapeHtml(action.label)}</a></td></tr>`
    : ''
}
</table></body></html>`;
  const headers = wording.headers?.(vars);
  return { subject, text, html, ...(headers ? { headers } : {}) };
}
