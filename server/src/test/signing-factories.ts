import { SIGNING_CONSENT_VERSION } from '@pactum/core/signing';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { createDeal, type MadeDeal } from './deal-factory';
import { callApi } from './drafts-factories';
import type { TestUser } from './factories';

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
 * receiver's agreement, the sender starts signing and the receiver names their signer (an
 * audit event each). `phones` are the sender's and the receiver's signers'.
 */
export async function createDealInSigning(
  t: { app: FastifyInstance; database: { db: DbOrTx } },
  people: { sender: TestUser; receiver: TestUser },
  phones: [string, string],
): Promise<MadeDeal['deal']> {
  const { sender, receiver } = people;
  const { deal } = await createDeal(t.database.db, {
    sender,
    receiver,
    state: 'negotiate',
    isAgreedByReceiver: true,
  });
  const started = await callApi(t.app, 'POST', `/deals/${deal.id}/start-signing`, sender.cookie, {
    signers: [signerInput(sender, 'sender', phones[0])],
  });
  if (started.statusCode !== 200) throw new Error(`start signing: ${started.statusCode}`);
  const setup = await callApi(t.app, 'PUT', `/deals/${deal.id}/signers`, receiver.cookie, {
    signers: [signerInput(receiver, 'receiver', phones[1])],
  });
  if (setup.statusCode !== 200) throw new Error(`signer setup: ${setup.statusCode}`);
  return deal;
}
