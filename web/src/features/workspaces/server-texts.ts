import type en from '../../locales/en.json';

/** A key of the translated server and schema texts (`workspaces.serverText.*`). */
export type ServerTextKey = keyof (typeof en)['workspaces']['serverText'];

/**
 * English texts that the workspace API, its payment processor and the shared billing schema
 * give as messages, with the key of their translation; a name in the text is kept as `value`.
 * The server answers in English; this lets a Finnish user read them in Finnish.
 */
const knownTexts: [RegExp, ServerTextKey][] = [
  [/^Your card was declined\.$/, 'cardDeclined'],
  [/^This card is not chargeable\.$/, 'cardNotChargeable'],
  [/^Your card number is incorrect\.$/, 'cardNumberIncorrect'],
  [/^Your card has expired\.$/, 'cardExpired'],
  [/^This is not a test card\./, 'notTestCard'],
  [/^Enter the card details\.$/, 'enterCard'],
  [/^3-D Secure authentication failed\.$/, 'threeDSecureFailed'],
  [/^Unknown payment\.$/, 'unknownPayment'],
  [/^The payment did not go through\.$/, 'paymentNotThrough'],
  [/^The payment was not completed\.$/, 'paymentNotCompleted'],
  [/^All licences are in use\./, 'licencesInUse'],
  [/^(?<value>.+) is already a member\.$/, 'alreadyMember'],
  [/^(?<value>.+) is already invited\.$/, 'alreadyInvited'],
  [/^Tag (?<value>.+) already exists$/, 'tagExists'],
  [/^A workspace needs at least one administrator\.$/, 'lastAdministrator'],
  [/^Only workspace administrators can do this\.$/, 'administratorsOnly'],
  [/^The workspace is waiting for review\.$/, 'waitingForReview'],
  [/^Invoice workspaces buy credits through sales\.$/, 'invoiceBuysThroughSales'],
  [/^Group members must be members of the workspace\.$/, 'groupMembersOnly'],
  [/^Only a workspace waiting for review can be rejected\.$/, 'rejectOnlyWaiting'],
  [/^The annual total must be above 100\.$/, 'annualTotalTooLow'],
  [/^Max amount of credits is 2000\./, 'maxCredits'],
  [/^Invoice \(50 credits or more\)$/, 'invoiceMinimum'],
  [/^Please add at least one member$/, 'atLeastOneMember'],
  [/^Invalid card number$/, 'invalidCardNumber'],
  [/^Invalid CVC$/, 'invalidCvc'],
];

/** The translation key of a known English text, and the name it holds (`value`), if any. */
export function matchServerText(
  message: string,
): { key: ServerTextKey; params: { value: string } } | undefined {
  for (const [pattern, key] of knownTexts) {
    const match = pattern.exec(message);
    if (match) return { key, params: { value: match.groups?.value ?? '' } };
  }
  return undefined;
}
