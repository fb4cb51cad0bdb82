import type { sendPdfDraftViewSchema } from '@pactum/core/api/signing';
import type { Wire } from '@pactum/core/api/wire';
import { type PartyRole, partyRoles } from '@pactum/core/documents';
import {
  DEFAULT_PHONE_PREFIX,
  MAX_SIGNERS_PER_PARTY,
  type SendPdfDraft,
  type SignerInput,
  sendPdfSchema,
} from '@pactum/core/signing';
import { messageKey } from '@pactum/core/validation';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { mappedZodResolver } from '../../ui/mapped-resolver';

/** A party of the form: the company's name and business id. */
export type PartyFields = { name: string; businessId: string };

/** The Send & Sign PDF form: its draft (spec 3 §9 PDF draft sync) and the confirmation. */
export type SendPdfFormValues = {
  uploadId: string | null;
  uploadName: string;
  title: string;
  sender: PartyFields;
  receiver: PartyFields;
  signers: SignerInput[];
  hasRepresentatives: boolean;
  /** E-mail addresses as typed, separated by spaces, commas or semicolons. */
  representatives: string;
  message: string;
  workspaceId: string;
  use2fa: boolean;
  isConfirmed: boolean;
};

/** What the form sends once the shared schema has checked it. */
export type SendPdfOutput = z.output<typeof sendPdfSchema>;

export const emptySigner = (party: PartyRole): SignerInput => ({
  party,
  firstname: '',
  lastname: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
});

export const emptySendPdfValues = (): SendPdfFormValues => ({
  uploadId: null,
  uploadName: '',
  title: '',
  sender: { name: '', businessId: '' },
  receiver: { name: '', businessId: '' },
  signers: [emptySigner('sender'), emptySigner('receiver')],
  hasRepresentatives: false,
  representatives: '',
  message: '',
  workspaceId: '',
  use2fa: false,
  isConfirmed: false,
});

/** The form with what the saved draft holds over it; the confirmation is never kept. */
export function withDraft(
  values: SendPdfFormValues,
  saved: Wire<typeof sendPdfDraftViewSchema>,
): SendPdfFormValues {
  return {
    ...values,
    uploadId: saved.uploadId || values.uploadId,
    uploadName: saved.uploadName || values.uploadName,
    title: saved.title || values.title,
    ...(saved.sender && saved.receiver ? { sender: saved.sender, receiver: saved.receiver } : {}),
    signers: saved.signers && saved.signers.length > 0 ? saved.signers : values.signers,
    hasRepresentatives: saved.hasRepresentatives || values.hasRepresentatives,
    representatives: saved.representatives || values.representatives,
    message: saved.message || values.message,
    workspaceId: saved.workspaceId || values.workspaceId,
    use2fa: saved.use2fa || values.use2fa,
  };
}

/** The draft the server keeps of the form. */
export function toDraft({ isConfirmed: _, ...draft }: SendPdfFormValues): SendPdfDraft {
  return draft;
}

/** The representatives' addresses, lower-cased. */
export function representativeEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/** The request the form's values make (before the shared schema checks it). */
export function toSendPdfInput(values: SendPdfFormValues): z.input<typeof sendPdfSchema> {
  const emails = representativeEmails(values.representatives);
  return {
    // No PDF yet fails the schema's id, as no workspace does.
    uploadId: values.uploadId ?? '',
    title: values.title,
    sender: values.sender,
    receiver: values.receiver,
    signers: values.signers,
    use2faInSigning: values.use2fa,
    ...(values.hasRepresentatives && emails.length > 0
      ? { representatives: { emails, message: values.message } }
      : {}),
    workspaceId: values.workspaceId,
    // The schema takes `true` only: an unconfirmed form fails there.
    isConfirmed: values.isConfirmed as true,
  };
}

const checkRequest = mappedZodResolver(sendPdfSchema, toSendPdfInput);

/**
 * Checks the form with the route's schema (`sendPdfSchema`). The request's `representatives`
 * (addresses and message) are two fields of the form: their messages go under those fields.
 */
export const sendPdfResolver: Resolver<SendPdfFormValues, unknown, SendPdfOutput> = async (
  values,
  context,
  options,
) => {
  const result = await checkRequest(values, context, options);
  const group = result.errors.representatives as
    | { emails?: FieldError | FieldError[]; message?: FieldError }
    | undefined;
  if (!group) return result;
  const { representatives: _, ...errors } = result.errors;
  const emailsError: FieldError | undefined = Array.isArray(group.emails)
    ? { type: 'email', message: messageKey('email') }
    : group.emails;
  return {
    values: {},
    errors: {
      ...errors,
      ...(emailsError ? { representatives: emailsError } : {}),
      ...(group.message ? { message: group.message } : {}),
    } as FieldErrors<SendPdfFormValues>,
  };
};

/** The form's fields by the request's paths, for the server's per-field messages. */
export const SEND_PDF_FIELD_NAMES = [
  'title',
  ...partyRoles.flatMap((party) => [`${party}.name`, `${party}.businessId`]),
  ...Array.from({ length: MAX_SIGNERS_PER_PARTY * 2 }, (_, index) =>
    ['firstname', 'lastname', 'email', 'phone'].map((field) => `signers.${index}.${field}`),
  ).flat(),
  'workspaceId',
];
