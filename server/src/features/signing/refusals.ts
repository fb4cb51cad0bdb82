import type { ErrorCode, ErrorParams } from '@pactum/core/errors';
import type { SignerIssue, SigningMessageKey } from '@pactum/core/signing';
import { AppError } from '../../http/app-error';

/** The error code of each refusal the signing rules name by their message key. */
const signingErrorCodes = {
  notInSigning: 'deal_not_in_signing',
  changesNotAgreed: 'changes_not_agreed',
  alreadySigned: 'already_signed',
  contentChanged: 'deal_content_changed',
  notYourSigner: 'not_your_signer',
  emailNotVerified: 'email_not_verified',
  twoStepRequired: 'two_step_required',
  signerNotFound: 'signer_not_found',
  signature: 'signature_required',
  required: 'signer_field_required',
  phone: 'signer_phone_invalid',
  email: 'signer_email_invalid',
  duplicateEmail: 'signers_same_email',
  duplicatePhone: 'signers_same_phone',
  signerAmount: 'signer_count',
  signerAmountSetup: 'signer_count_setup',
} as const satisfies Partial<Record<SigningMessageKey, ErrorCode>>;

type SigningRefusal = keyof typeof signingErrorCodes;

function codeOf(key: SigningMessageKey): ErrorCode {
  return Object.hasOwn(signingErrorCodes, key)
    ? signingErrorCodes[key as SigningRefusal]
    : 'validation_failed';
}

/** A refused signing step as the API answers it, with the values its text names. */
export function signingRefusal(key: SigningMessageKey, params: ErrorParams = {}): AppError {
  return new AppError(codeOf(key), params);
}

/** The first problem of a signer list as the API answers it (the repeated value named). */
export function signerIssueError(issue: SignerIssue): AppError {
  const [value = ''] = issue.params;
  const params: ErrorParams =
    issue.key === 'duplicateEmail'
      ? { email: value }
      : issue.key === 'duplicatePhone'
        ? { phone: value }
        : {};
  return new AppError(codeOf(issue.key), params);
}
