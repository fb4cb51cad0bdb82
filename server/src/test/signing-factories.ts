import { SIGNING_CONSENT_VERSION } from '@pactum/core/signing';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { Platform } from '../platform/platform';
import {
  createDeal,
  createWorkspaceWith,
  type DealFactoryOptions,
  type MadeDeal,
} from './deal-factory';
import { callApi } from './drafts-factories';
import { createUsers, type TestUser } from './factories';

/** A signer of `party` who is `user` (their e-mail), with the given phone. */
export function signerInput(
  user: { email: string; lastname: string },
  party: 'sender' | 'receiver',
  phone: string,
) {
  return { party, firstname: 'Signer', lastname: user.lastname, email: user.email, phone };
}

/** The body of POST …/sign: a typed signature and the accepted consent line. */
export function signRequest(text: string) {
  return {
    signature: { text, font: 'kalam', color: 'green' },
    consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' },
  };
}

/**
 * A deal in signing with one signer a party, through the API: made in negotiation with the
 * receiver's agreement, the sender starts signing (as its own signer, with `reminders` when
 * given) and the receiver names their signer (`receiverSigner`, the receiver unless told); an
 * audit event each. `phones` are the sender's and the receiver's signers'; `others` and `title`
 * go to the deal as `createDeal` takes them.
 */
export async function createDealInSigning(
  t: { app: FastifyInstance; database: { db: DbOrTx } },
  people: { sender: TestUser; receiver: TestUser; receiverSigner?: TestUser },
  phones: [string, string],
  options: Pick<DealFactoryOptions, 'others' | 'title'> & {
    reminders?: { firstAfterDays: number; everyDays: number; max: number } | null;
  } = {},
): Promise<MadeDeal['deal']> {
  const { sender, receiver } = people;
  const { deal } = await createDeal(t.database.db, {
    sender,
    receiver,
    ...(options.others ? { others: options.others } : {}),
    ...(options.title ? { title: options.title } : {}),
    state: 'negotiate',
    isAgreedByReceiver: true,
  });
  const started = await callApi(t.app, 'POST', `/deals/${deal.id}/start-signing`, sender.cookie, {
    signers: [signerInput(sender, 'sender', phones[0])],
    ...(options.reminders === undefined ? {} : { reminders: options.reminders }),
  });
  if (started.statusCode !== 200) throw new Error(`start signing: ${started.body}`);
  const setup = await callApi(t.app, 'PUT', `/deals/${deal.id}/signers`, receiver.cookie, {
    signers: [signerInput(people.receiverSigner ?? receiver, 'receiver', phones[1])],
  });
  if (setup.statusCode !== 200) throw new Error(`signer setup: ${setup.body}`);
  return deal;
}

/**
 * The people a signing rule is tried with: the two parties' editors, a reader on the sender's
 * side (added to a deal with `others`), a signer outside both parties, a stranger and a user of
 * another workspace (each of the last two should be refused).
 */
export type SigningCast = Record<
  'sender' | 'receiver' | 'senderReader' | 'outsider' | 'stranger' | 'otherWorkspaceUser',
  TestUser
>;

export async function createSigningCast(t: {
  platform: Platform;
  database: { db: DbOrTx };
}): Promise<SigningCast> {
  const [sender, receiver, senderReader, outsider, stranger, otherWorkspaceUser] =
    await createUsers(t.platform, 6);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
  return { sender, receiver, senderReader, outsider, stranger, otherWorkspaceUser };
}
