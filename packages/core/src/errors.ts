import { z } from 'zod';
import { alertMessages } from './alerts';
import { archiveMessages } from './archive';
import { negotiationMessages, negotiationMessagesFi } from './deals';
import { draftMessages } from './drafts';
import { fileMessages, fileMessagesFi } from './files';
import { importMessages } from './imports';
import { sendPdfMessages, signingMessages } from './signing';
import { templateMessages } from './templates';
import type { Lang } from './validation';

/**
 * Error codes of the HTTP API, each with its HTTP status. The server answers every error as
 * `{ "error": { "code": ErrorCode, "message": string, "params": { … } } }`: `message` is the
 * English text for programs and logs, `params` the values the text names ('Locked by
 * {{name}}' → `{ name: 'Mary' }`). The web shows `errorMessages[lang][code]` filled with the
 * params (through i18next), never the server's text. A code is stable: a program may rely on
 * it.
 */
export const errorCodes = {
  /** The request body, query or params failed validation; the message lists the fields. */
  validation_failed: 400,
  /** No session, or the session has ended. */
  unauthorized: 401,
  /** Signed in, but not allowed to do this. */
  forbidden: 403,
  /** No such route or thing (or not visible to the caller). */
  not_found: 404,
  /** The change clashes with the current state (someone else changed it, a duplicate). */
  conflict: 409,
  /** The body or upload is larger than allowed. */
  payload_too_large: 413,
  /** The body's content type is not accepted here. */
  unsupported_media_type: 415,
  /** Too many requests; the Retry-After header (and `retryAfterSeconds`) says when to try again. */
  rate_limited: 429,
  /** Sign-in: no account has this e-mail address. */
  account_not_found: 404,
  /** Sign-in: the e-mail and password do not match. */
  invalid_credentials: 401,
  /** The e-mail's domain must sign in with its single sign-on provider. */
  protected_domain: 403,
  /** Sign-up: an account with this e-mail already exists. */
  email_taken: 409,
  /** A verification or reset code is unknown, expired or used. */
  code_invalid: 400,
  /** Password change: the current password is wrong. */
  wrong_password: 400,
  /** Password change is not offered to single sign-on domain users. */
  password_change_not_allowed: 403,
  /** The session is too old for this; sign in again. */
  requires_recent_login: 401,
  /** No invite or signer link with this id. */
  invite_not_found: 404,
  /** The invite was claimed by another user. */
  invite_used: 409,
  /** The invite no longer leads anywhere (withdrawn, the deal trashed). */
  invite_invalid: 410,
  /** A signing link whose request ended (issue 40): cancelled, declined, withdrawn or replaced. */
  signing_request_cancelled: 410,
  signing_request_declined: 410,
  signing_request_withdrawn: 410,
  signing_request_replaced: 410,
  /** The link was sent to another address than the signed-in account's (or the receiver has
   * joined and the link is not this account's verified address). */
  invite_wrong_account: 403,
  /** The account is on the other side of the deal than the invite leads to. */
  invite_other_party: 409,
  /** A spend is larger than the workspace's credits; nothing changed. */
  insufficient_credits: 409,
  /** The card payment was declined or failed; the message is the processor's. */
  payment_failed: 402,
  /** An unexpected failure; details are in the server log, never in the answer. */
  internal: 500,
  /** A component the request needs (database, mail) is not available now. */
  unavailable: 503,

  // ---- Requests and sessions ----
  /** A state-changing request came from another site (CSRF guard). */
  cross_site_refused: 403,
  /** A live connection from a page of another origin. */
  origin_not_allowed: 403,
  /** A cursor of a paged list that this server did not give out. */
  invalid_cursor: 400,
  /** Sign-up: the address belongs to a single sign-on provider's domain. */
  sso_address: 403,
  /** Single sign-on sign-up: the profile is already complete. */
  signup_complete: 409,

  // ---- API tokens and webhooks ----
  /** The bearer token is unknown, expired or revoked. */
  token_invalid: 401,
  /** A read-only token was used for a change. */
  token_read_only: 403,
  /** This route takes a signed-in person, not an API token (sign-in, tokens, signing). */
  token_not_allowed: 403,
  /** Too many requests with one token; Retry-After says when to go on. */
  token_rate_limited: 429,
  /** No API token of the caller with this id. */
  token_not_found: 404,
  /** No webhook endpoint of this workspace with this id. */
  webhook_not_found: 404,
  /** A webhook endpoint must be an https:// address (http:// only in development). */
  webhook_url_invalid: 400,
  /** A webhook endpoint on a private, local or loopback address (refused in production). */
  webhook_url_private: 400,

  // ---- Uploads and attachments ----
  /** No upload of the caller with this id. */
  upload_not_found: 404,
  /** The upload is already the file of an attachment, import or sent PDF. */
  upload_in_use: 409,
  /** The upload has not received all of its bytes yet. */
  upload_incomplete: 409,
  /** The upload has received all of its bytes; no more chunks. */
  upload_completed: 409,
  /** A chunk was sent for another offset than where the upload is; params: offset. */
  upload_offset_mismatch: 409,
  /** Upload chunks must be sent as application/offset+octet-stream. */
  chunk_content_type: 415,
  /** A file is larger than allowed; params: maxMb, name, sizeMb. */
  file_too_large: 413,
  /** An attachment that is not a PDF; params: name. */
  file_not_pdf: 415,
  /** A Word import that is not a .docx; params: name. */
  file_not_docx: 415,
  /** No such attachment on this document. */
  attachment_not_found: 404,
  /** Attachments of a deal in signing, signed or trashed cannot change. */
  attachments_closed: 409,
  /** Send & Sign PDF: the file is not a PDF. */
  pdf_only: 415,

  // ---- Workspaces, credits and payments ----
  /** Send & Sign PDF: no workspace chosen. */
  workspace_not_selected: 400,
  /** Sending from a billing account that waits for review (or is disabled or rejected). */
  billing_account_in_review: 403,
  /** Buying credits for a workspace that waits for review. */
  workspace_in_review: 403,
  /** Invoice workspaces buy credits through sales, not by card. */
  invoice_buys_through_sales: 403,
  /** Only the workspace's administrators may do this. */
  administrators_only: 403,
  /** Every licence of the workspace is taken. */
  licences_in_use: 409,
  /** The invited address is already a member; params: email. */
  already_member: 409,
  /** The address is already invited to the workspace; params: email. */
  already_invited: 409,
  /** The change would leave the workspace without an administrator. */
  last_administrator: 409,
  /** A group can only hold members of its workspace. */
  group_members_only: 400,
  /** A tag with this name exists in the workspace; params: tag. */
  tag_exists: 409,
  /** No such tag within the caller's reach. */
  tag_not_found: 404,
  /** An invoice order's annual total is at most 100. */
  annual_total_too_low: 400,
  /** Only a workspace that waits for review can be rejected. */
  reject_only_waiting: 409,
  /** No card processor is configured on this server. */
  payments_not_configured: 503,
  /** A payment processor's webhook whose signature does not verify. */
  webhook_signature_invalid: 400,
  /** Card payment: the card was declined. */
  card_declined: 402,
  /** Card payment: the card cannot be charged. */
  card_not_chargeable: 402,
  /** Card payment: the card number is wrong. */
  card_number_incorrect: 402,
  /** Card payment: the card's security code is wrong. */
  card_cvc_incorrect: 402,
  /** Card payment: the card has expired. */
  card_expired: 402,
  /** Card payment: no card was given. */
  card_details_missing: 402,
  /** Card payment (test processor): not one of the test cards. */
  not_test_card: 402,
  /** Card payment: the bank's 3-D Secure check failed. */
  three_d_secure_failed: 402,
  /** Card payment: the card needs an authentication the form cannot show. */
  card_authentication_unsupported: 402,
  /** Card payment: left unfinished (3-D Secure never completed) and cancelled. */
  payment_not_completed: 402,

  // ---- Templates, sections and sharing ----
  /** Another user is editing the section; params: name (theirs). */
  section_locked: 409,
  /** Saving a template or draft section that the caller has not opened for editing. */
  section_not_open: 409,
  /** No such section in this document. */
  section_not_found: 404,
  /** A new section could not be placed. */
  section_generate_failed: 409,
  /** The section's parent is not one it can have. */
  section_parent_problem: 400,
  /** The parent section does not exist. */
  parent_not_found: 400,
  /** The section cannot be moved that way. */
  section_cannot_move: 409,
  /** The parties and signers sections cannot be removed. */
  section_cannot_remove: 403,
  /** The first content option cannot be removed. */
  first_option_removed: 400,
  /** More than 26 content options. */
  too_many_options: 400,
  /** A section without content options. */
  option_required: 400,
  /** The default choice is not one of the content options. */
  default_option_missing: 400,
  /** Two content options with the same id. */
  duplicate_option_id: 400,
  /** Only product administrators can change a template's price. */
  price_admin_only: 403,
  /** Only product administrators can publish templates. */
  publish_admin_only: 403,
  /** Another template has this coupon code. */
  coupon_in_use: 409,
  /** No template has this coupon code. */
  coupon_not_found: 404,
  /** The change would leave the document without an editor. */
  last_editor: 409,
  /** The person reaches the deal on the other side. */
  other_party_member: 409,
  /** Global templates cannot be shared with groups. */
  groups_not_for_global: 403,
  /** Sharing by e-mail needs a verified address. */
  share_needs_verified_email: 403,
  /** The user's share-mail budget is spent for now. */
  share_mail_limit_user: 429,
  /** The workspace's share-mail budget is spent for now. */
  share_mail_limit_workspace: 429,

  // ---- Word import ----
  /** No import of the caller with this id. */
  import_not_found: 404,
  /** The Word document is still being converted. */
  import_not_ready: 409,
  /** The Word document could not be converted. */
  import_conversion_failed: 409,
  /** The file does not open as a .docx (zip). */
  import_not_zip: 415,
  /** The .docx has no document body. */
  import_not_docx: 415,
  /** The .docx has more than 2000 parts. */
  import_too_many_entries: 413,
  /** The .docx unpacks to more than 50 Mb. */
  import_too_large: 413,
  /** No title text was found. */
  import_no_title: 400,
  /** The title is 4 characters or shorter. */
  import_title_too_short: 400,
  /** No section is marked. */
  import_no_sections: 400,
  /** Titles and subtitles are too similar to tell apart. */
  import_too_similar: 400,
  /** Category, language and region are not chosen. */
  import_metadata_required: 400,

  // ---- Drafts, sending and invites ----
  /** The draft was sent already. */
  draft_already_sent: 409,
  /** Only the draft's creator can delete it. */
  draft_creator_only_delete: 403,
  /** The sender's own party details are incomplete. */
  sender_details_required: 400,
  /** The draft has no valid receiver. */
  receivers_required: 400,
  /** Sign-only sending with a section whose required text is not filled; params: title. */
  section_requires_text: 400,
  /** Only the sender's party manages the receiver invites. */
  sender_manages_invites: 403,
  /** The deal is closed (signed or trashed). */
  deal_closed: 409,
  /** The receiver has joined; they add their own people. */
  receiver_joined: 409,
  /** The invite cannot be sent again. */
  invite_resend_not_allowed: 409,
  /** Only invites that were never sent can be removed. */
  invite_remove_not_allowed: 409,
  /** No e-mail address was typed. */
  invite_emails_missing: 400,
  /** A typed address is not an e-mail address; params: email. */
  invite_email_invalid: 400,
  /** A typed address is invited already. */
  invite_email_already_invited: 400,
  /** The same address typed twice; params: email. */
  invite_email_double: 400,
  /** The receiver's details need at least one value. */
  data_required: 400,
  /** Only the receiving party's editors change its details. */
  receiver_details_edit_only: 403,

  // ---- Negotiation ----
  /** The deal can no longer be changed. */
  deal_not_editable: 409,
  /** The parties and signers sections are not negotiated. */
  section_not_negotiable: 409,
  /** The section is agreed; reopen it before editing. */
  section_agreed: 409,
  /** Agreeing is not offered to the caller now. */
  agree_not_offered: 409,
  /** Only an agreed section can be reopened. */
  reopen_not_agreed: 409,
  /** An agreed section cannot be deleted. */
  delete_agreed: 409,
  /** The save changes nothing. */
  no_changes: 400,
  /** A deal list group that this collection does not have. */
  unsupported_group: 400,
  /** The section changed since the caller loaded it. */
  section_changed_meanwhile: 409,
  /** Saving a deal section that the caller has not opened for editing. */
  section_not_locked: 409,
  /** Only the sender's editors can trash the deal. */
  sender_only_trash: 403,
  /** The deal is in the trash already. */
  already_trashed: 409,
  /** A signed deal cannot be trashed. */
  signed_no_trash: 409,
  /** Only the sender's editors change the deal settings. */
  sender_only_settings: 403,
  /** The receiver confirmed their details; only they change them. */
  receiver_details_confirmed: 403,
  /** The caller is not a party of the deal. */
  no_party: 403,
  /** Only a trashed deal can be restored. */
  not_trashed: 409,
  /** No such version of the section. */
  version_not_found: 404,
  /** Internal comments are closed in signing and signed deals. */
  comments_closed: 409,
  /** No such comment thread. */
  thread_not_found: 404,
  /** Only the author edits a comment. */
  comment_author_only: 403,
  /** Only the author or an editor deletes a comment. */
  comment_delete_not_allowed: 403,

  // ---- Signing ----
  /** The deal is not waiting for signatures. */
  deal_not_in_signing: 409,
  /**
   * Signing can start once the other party agreed to every section whose latest version is the
   * caller's; params: section (the first one still waiting for their agreement).
   */
  changes_not_agreed: 409,
  /** The caller has signed already. */
  already_signed: 409,
  /** The signed content changed after signing started. */
  deal_content_changed: 409,
  /** Only the named signer signs in this slot. */
  not_your_signer: 403,
  /** The signer must verify their e-mail address first. */
  email_not_verified: 403,
  /** The signer must confirm the SMS code first. */
  two_step_required: 403,
  /** No signer slot of the caller here. */
  signer_not_found: 404,
  /** Someone has signed: signing cannot be cancelled any more. */
  signing_cancel_after_signature: 409,
  /** A Send & Sign PDF is not declined in Pactum: its sender withdraws or replaces it. */
  decline_not_available: 409,
  /** A Send & Sign PDF has no negotiation to go back to: it is withdrawn to the trash. */
  withdraw_pdf_to_negotiation: 409,
  /** 'Remind now' reached this signer within the hour; params: minutes (until the next). */
  reminder_too_soon: 429,
  /** The signer has had every reminder the deal allows. */
  reminder_limit: 409,
  /** The signer does not use two-step verification. */
  two_step_not_used: 409,
  /** The signed PDF is not waiting for a retry. */
  signed_pdf_not_failed: 409,
  /** A signer field is empty. */
  signer_field_required: 400,
  /** A signer's phone number is not valid. */
  signer_phone_invalid: 400,
  /** A signer's e-mail address is not valid. */
  signer_email_invalid: 400,
  /** Two signers with the same e-mail; params: email. */
  signers_same_email: 400,
  /** Two signers with the same phone number; params: phone. */
  signers_same_phone: 400,
  /** A party needs 1 to 4 signers. */
  signer_count: 400,
  /** At most 4 signers per party. */
  signer_count_setup: 400,
  /** The typed signature is empty. */
  signature_required: 400,
  /** The SMS code is wrong. */
  two_step_code_invalid: 400,
  /** Too many wrong SMS codes: a new code is needed. */
  two_step_code_locked: 429,
  /** Too many SMS codes sent. */
  two_step_code_rate_limited: 429,
  /** No archive folder or file with this id that the caller may open. */
  archive_item_not_found: 404,
  /** A folder with this name is already in the same place. */
  archive_folder_exists: 409,
  /** Folders and uploads need a workspace of the caller. */
  archive_workspace_required: 403,
  /** A folder name breaks the slug rule (lower case, digits, single dashes). */
  archive_folder_name_invalid: 400,
  /** A folder cannot go into itself or a folder below it. */
  archive_move_into_subtree: 409,
  /** Items move only within their workspace (a file from the Inbox into any of the caller's). */
  archive_move_other_workspace: 409,
  /** A file must be in a folder: the root holds folders only, and the Inbox takes signed deals. */
  archive_file_needs_folder: 400,
  /** The groups chosen are not live groups of the folder's workspace. */
  archive_groups_invalid: 400,
  /** The folder's parent limits it to its groups, so they are changed on the parent. */
  archive_groups_inherited: 409,
  /** The archive takes PDF files only. */
  archive_not_pdf: 415,
  /** Only a workspace's administrators create folders at the root of its archive. */
  archive_root_folder_administrators_only: 403,
  /** A member creates folders only inside a folder of their groups; this one they may only view. */
  archive_folder_view_only: 403,
  /** No alert with this id on a file the caller may open. */
  alert_not_found: 404,
  /** An alert's date must be tomorrow or later in the creator's timezone. */
  alert_date_too_early: 400,
  /** Alerts are set on files, not folders. */
  alert_needs_file: 409,
  /** An alert that e-mails others needs the author's own address verified. */
  alert_needs_verified_email: 403,
  /** Too many alert addresses added in a short time (the share-mail budgets). */
  alert_mail_limit: 429,
  /** Only an alert's author, or an administrator of the file's workspace, may change or remove it. */
  alert_not_editable: 403,
  /** An unsubscribe link that is tampered with or not ours. */
  unsubscribe_link_invalid: 400,
  // ---- Search ----
  /** A search needs at least 3 characters (or a tag to filter by). */
  search_query_too_short: 400,
  // ---- Admin ----
  /** An admin cannot revoke their own admin flag or disable their own account. */
  admin_self: 409,
  /** The account was disabled by Pactum's support: it cannot sign in. */
  account_disabled: 403,
  /** Sign-in's second step: the authenticator code or recovery code is not right (or used). */
  second_factor_invalid: 401,
  /** Sign-in's second step came too late or without its first: sign in again. */
  second_factor_expired: 401,
  /** A passkey's answer could not be verified (unknown key, wrong site, cancelled). */
  passkey_invalid: 400,
  /** The authenticator app's set-up was not started or has already been confirmed. */
  totp_not_pending: 409,
  /** A workspace of the user requires a second factor, and the user has none yet. */
  two_factor_required: 403,
  /** The admin area needs a session that signed in with a second factor. */
  admin_needs_two_factor: 403,
  /** The admin area is for signed-in people, never for API tokens. */
  admin_token_refused: 403,
  /** This action needs the password (and second factor) confirmed within the last 15 minutes. */
  reauthentication_required: 401,
  /** Requiring a second factor of members needs one's own first. */
  own_two_factor_first: 409,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** The values an error's text names, by placeholder (`{{name}}`). */
export type ErrorParams = Record<string, string | number>;

/**
 * The JSON body of every error answer, as the API documents and checks it (`ErrorBody`). One
 * schema, registered as the OpenAPI component `Error`, that every route answers 4XX and 5XX with.
 */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z
        .enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]])
        .describe('What went wrong: a stable code (see the list of codes and their statuses)'),
      message: z.string().describe('The English text of the code, filled with the params'),
      params: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .describe("The values the code's text names ('Locked by {{name}}': { name })"),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('With validation_failed: the message of each field that failed'),
      retryAfterSeconds: z
        .number()
        .optional()
        .describe('With a 429: the seconds to wait, as in the Retry-After header'),
    }),
  })
  .meta({
    id: 'Error',
    description: `An error answer. The codes and their HTTP statuses: ${Object.entries(errorCodes)
      .map(([code, status]) => `${code} (${status})`)
      .join(', ')}.`,
  });

/** The JSON body of every error answer. */
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A text of another catalogue (`%s` placeholders, filled in order) with named placeholders
 * instead, so the spec's wording is written once and every error text has one placeholder
 * style: `named('Locked by %s', 'name')` is 'Locked by {{name}}'.
 */
function named(text: string, ...names: string[]): string {
  let index = 0;
  return text.replace(/%s/g, () => `{{${names[index++] ?? 'value'}}}`);
}

const en: Record<ErrorCode, string> = {
  validation_failed: 'Some fields are not valid.',
  unauthorized: 'Please sign in.',
  forbidden: 'You do not have access to this.',
  not_found: 'Not found',
  conflict: 'This was changed meanwhile. Please reload and try again.',
  payload_too_large: 'The content is too large.',
  unsupported_media_type: 'This type of content is not accepted.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  account_not_found: 'No account found with this email address. Please register.',
  invalid_credentials: 'Invalid email or password.',
  protected_domain:
    'This is a protected domain and login is allowed only by using the {{provider}} sign in.',
  email_taken: 'An account with this email address already exists. Please sign in.',
  code_invalid: 'The link has expired or has already been used. Please ask for a new one.',
  wrong_password: 'The current password is not correct.',
  password_change_not_allowed:
    'Users of a single sign-on domain cannot change their password here.',
  requires_recent_login: 'Please sign in again before changing your password.',
  invite_not_found: 'Invite not found',
  invite_used: 'This invite has already been used.',
  invite_invalid: 'This invite link is no longer valid',
  signing_request_cancelled:
    'This signing request was cancelled: the document went back to negotiation. You will get a new link if you are asked to sign again.',
  signing_request_declined:
    'This signing request ended because someone declined to sign. You will get a new link if you are asked to sign again.',
  signing_request_withdrawn: 'This signing request was withdrawn by the sender.',
  signing_request_replaced:
    'This signing request was replaced. If you are still asked to sign, use the newest link you were sent.',
  invite_wrong_account:
    'This link was sent to another email address. Sign in with the address it was sent to.',
  invite_other_party: 'You are on the other side of this contract, so you cannot use this invite.',
  insufficient_credits: 'Insufficient credits for this billing account.',
  payment_failed: 'The payment did not go through.',
  internal: 'Something went wrong. Please try again.',
  unavailable: 'The service is not available right now. Please try again shortly.',

  cross_site_refused: 'Cross-site request refused',
  origin_not_allowed: 'Origin not allowed',
  invalid_cursor: 'Invalid cursor',
  sso_address: 'This address belongs to your single sign-on provider.',
  signup_complete: 'The sign-up is already complete.',

  token_invalid: 'The API token is not valid: it is unknown, expired or revoked.',
  token_read_only: 'This API token can only read.',
  token_not_allowed: 'API tokens cannot do this. Please sign in.',
  token_rate_limited: 'Too many requests with this API token. Please wait a moment.',
  token_not_found: 'API token not found',
  webhook_not_found: 'Webhook not found',
  webhook_url_invalid: 'The webhook address must be an https:// URL.',
  webhook_url_private: 'Webhook addresses on private or local networks are not allowed.',

  upload_not_found: fileMessages.uploadNotFound,
  upload_in_use: fileMessages.uploadUsed,
  upload_incomplete: fileMessages.uploadIncomplete,
  upload_completed: fileMessages.uploadCompleted,
  upload_offset_mismatch: named(fileMessages.wrongOffset, 'offset'),
  chunk_content_type: 'Send chunks as application/offset+octet-stream.',
  file_too_large: named(fileMessages.tooLarge, 'maxMb', 'name', 'sizeMb'),
  file_not_pdf: named(fileMessages.notPdf, 'name'),
  file_not_docx: named(fileMessages.notDocx, 'name'),
  attachment_not_found: fileMessages.attachmentNotFound,
  attachments_closed: fileMessages.dealClosed,
  pdf_only: sendPdfMessages.en.onlyPdf,

  workspace_not_selected: sendPdfMessages.en.noWorkspace,
  billing_account_in_review: draftMessages.en.workspaceNotVerified,
  workspace_in_review: 'The workspace is waiting for review.',
  invoice_buys_through_sales: 'Invoice workspaces buy credits through sales.',
  administrators_only: 'Only workspace administrators can do this.',
  licences_in_use: 'All licences are in use. Buy more licences to invite more members.',
  already_member: '{{email}} is already a member.',
  already_invited: '{{email}} is already invited.',
  last_administrator: 'A workspace needs at least one administrator.',
  group_members_only: 'Group members must be members of the workspace.',
  tag_exists: 'Tag {{tag}} already exists',
  tag_not_found: 'Tag not found',
  annual_total_too_low: 'The annual total must be above 100.',
  reject_only_waiting: 'Only a workspace waiting for review can be rejected.',
  payments_not_configured: 'Card payments are not configured.',
  webhook_signature_invalid: 'Webhook signature verification failed.',
  card_declined: 'Your card was declined.',
  card_not_chargeable: 'This card is not chargeable.',
  card_number_incorrect: 'Your card number is incorrect.',
  card_cvc_incorrect: "Your card's security code is incorrect.",
  card_expired: 'Your card has expired.',
  card_details_missing: 'Enter the card details.',
  not_test_card:
    'This is not a test card. Use 4242 4242 4242 4242, or 4000 0000 0000 3220 for 3-D Secure.',
  three_d_secure_failed: '3-D Secure authentication failed.',
  card_authentication_unsupported: 'The card needs an authentication this form cannot show.',
  payment_not_completed: 'The payment was not completed.',

  section_locked: named(templateMessages.en.lockedBy, 'name'),
  section_not_open: templateMessages.en.sectionNotLocked,
  section_not_found: 'Section not found',
  section_generate_failed: templateMessages.en.sectionGenerateFail,
  section_parent_problem: templateMessages.en.sectionParentProblem,
  parent_not_found: templateMessages.en.parentNotFound,
  section_cannot_move: templateMessages.en.sectionCannotMove,
  section_cannot_remove: templateMessages.en.sectionCannotRemove,
  first_option_removed: templateMessages.en.firstOptionRemoved,
  too_many_options: templateMessages.en.tooManyOptions,
  option_required: templateMessages.en.optionRequired,
  default_option_missing: templateMessages.en.defaultOptionMissing,
  duplicate_option_id: templateMessages.en.duplicateOptionId,
  price_admin_only: 'Only administrators can change the price.',
  publish_admin_only: templateMessages.en.adminOnly,
  coupon_in_use: templateMessages.en.couponInUse,
  coupon_not_found: templateMessages.en.couponNotFound,
  last_editor: templateMessages.en.lastMember,
  other_party_member: templateMessages.en.otherPartyMember,
  groups_not_for_global: templateMessages.en.groupsNotForGlobal,
  share_needs_verified_email: templateMessages.en.shareNeedsVerifiedEmail,
  share_mail_limit_user: templateMessages.en.shareMailLimitUser,
  share_mail_limit_workspace: templateMessages.en.shareMailLimitWorkspace,

  import_not_found: 'Import not found',
  import_not_ready: importMessages.en.notReady,
  import_conversion_failed: importMessages.en.conversionFailed,
  import_not_zip: importMessages.en.notZip,
  import_not_docx: importMessages.en.notDocx,
  import_too_many_entries: importMessages.en.tooManyEntries,
  import_too_large: importMessages.en.tooLarge,
  import_no_title: importMessages.en.noTitle,
  import_title_too_short: importMessages.en.titleTooShort,
  import_no_sections: importMessages.en.noSections,
  import_too_similar: importMessages.en.tooSimilar,
  import_metadata_required: importMessages.en.metadataRequired,

  draft_already_sent: draftMessages.en.alreadySent,
  draft_creator_only_delete: draftMessages.en.onlyCreatorDeletes,
  sender_details_required: draftMessages.en.senderDetailsRequired,
  receivers_required: draftMessages.en.receiversRequired,
  section_requires_text:
    'The section "{{title}}" has required text to fill in. Change it or choose the negotiate process.',
  sender_manages_invites: 'Only the sender manages the invites.',
  deal_closed: draftMessages.en.dealClosed,
  receiver_joined: draftMessages.en.receiverJoined,
  invite_resend_not_allowed: draftMessages.en.resendNotAllowed,
  invite_remove_not_allowed: draftMessages.en.removeNotAllowed,
  invite_emails_missing: draftMessages.en.inviteAtLeastOne,
  invite_email_invalid: named(draftMessages.en.inviteInvalid, 'email'),
  invite_email_already_invited: draftMessages.en.inviteAlreadyInvited,
  invite_email_double: named(draftMessages.en.inviteDouble, 'email'),
  data_required: draftMessages.en.dataRequired,
  receiver_details_edit_only: draftMessages.en.receiverDetailsEditOnly,

  deal_not_editable: negotiationMessages.notEditable,
  section_not_negotiable: negotiationMessages.notNormal,
  section_agreed: negotiationMessages.agreedNeedsReopen,
  agree_not_offered: negotiationMessages.agreeNotOffered,
  reopen_not_agreed: negotiationMessages.reopenNotAgreed,
  delete_agreed: negotiationMessages.deleteAgreed,
  no_changes: negotiationMessages.noChanges,
  unsupported_group: negotiationMessages.unsupportedGroup,
  section_changed_meanwhile: negotiationMessages.changedMeanwhile,
  section_not_locked: negotiationMessages.notLocked,
  sender_only_trash: negotiationMessages.onlySenderTrash,
  already_trashed: negotiationMessages.alreadyTrashed,
  signed_no_trash: negotiationMessages.signedNoTrash,
  sender_only_settings: negotiationMessages.onlySenderSettings,
  receiver_details_confirmed: negotiationMessages.receiverDetailsConfirmed,
  no_party: negotiationMessages.noParty,
  not_trashed: negotiationMessages.notTrashed,
  version_not_found: 'No such version of this section.',
  comments_closed: draftMessages.en.commentsClosed,
  thread_not_found: draftMessages.en.threadNotFound,
  comment_author_only: 'Only the author can edit a comment.',
  comment_delete_not_allowed: 'Only the author or an editor can delete a comment.',

  deal_not_in_signing: signingMessages.en.notInSigning,
  changes_not_agreed: named(signingMessages.en.changesNotAgreed, 'section'),
  already_signed: signingMessages.en.alreadySigned,
  deal_content_changed: signingMessages.en.contentChanged,
  not_your_signer: signingMessages.en.notYourSigner,
  email_not_verified: signingMessages.en.emailNotVerified,
  two_step_required: signingMessages.en.twoStepRequired,
  signer_not_found: signingMessages.en.signerNotFound,
  signing_cancel_after_signature: 'Someone has signed already: signing cannot be cancelled.',
  decline_not_available:
    'This document cannot be declined here. Please tell its sender why you will not sign it.',
  withdraw_pdf_to_negotiation:
    'A Send & Sign PDF has no negotiation to go back to: move it to the trash instead.',
  reminder_too_soon:
    'This signer was reminded less than an hour ago. You can remind them again in {{minutes}} min.',
  reminder_limit: 'This signer has had every reminder this document allows.',
  two_step_not_used: 'This signer does not confirm signing with an SMS code.',
  signed_pdf_not_failed: 'The signed PDF is not waiting to be made again.',
  signer_field_required: signingMessages.en.required,
  signer_phone_invalid: signingMessages.en.phone,
  signer_email_invalid: signingMessages.en.email,
  signers_same_email: named(signingMessages.en.duplicateEmail, 'email'),
  signers_same_phone: named(signingMessages.en.duplicatePhone, 'phone'),
  signer_count: signingMessages.en.signerAmount,
  signer_count_setup: signingMessages.en.signerAmountSetup,
  signature_required: signingMessages.en.signature,
  two_step_code_invalid: signingMessages.en.codeInvalid,
  two_step_code_locked: signingMessages.en.codeLocked,
  two_step_code_rate_limited: signingMessages.en.codeRateLimited,
  archive_item_not_found: 'Folder or file not found',
  archive_folder_exists: 'A folder named "{{name}}" already exists here.',
  archive_workspace_required: archiveMessages.en.workspaceRequired,
  archive_folder_name_invalid: archiveMessages.en.folderName,
  archive_move_into_subtree: 'A folder cannot be moved into itself or into a folder inside it.',
  archive_move_other_workspace: 'Folders and files can only be moved within their workspace.',
  archive_file_needs_folder: 'Files are kept in folders: choose a folder.',
  archive_groups_invalid: 'Choose groups of the folder’s workspace.',
  archive_groups_inherited:
    'This folder has the groups of its parent folder. Change them on the parent folder.',
  archive_not_pdf: 'The file "{{name}}" is not a PDF. Only PDF files can be archived.',
  archive_root_folder_administrators_only:
    'Only workspace administrators can create folders at the root of the archive.',
  archive_folder_view_only:
    'You can view this folder but not create folders in it. Ask a workspace administrator.',
  alert_not_found: 'Alert not found',
  alert_date_too_early: alertMessages.en.dateTooEarly,
  alert_needs_file: 'Alerts are set on files, not on folders.',
  alert_needs_verified_email:
    'Please verify your email address before setting alerts that e-mail other people.',
  alert_mail_limit:
    'You have added too many e-mail addresses to alerts in a short time. Please try again later.',
  alert_not_editable:
    'Only the person who added this alert, or a workspace administrator, can change or remove it.',
  unsubscribe_link_invalid:
    'This unsubscribe link is not valid. Change your e-mail notifications in your account settings.',
  search_query_too_short: 'Type at least 3 characters to search.',
  admin_self: 'You cannot do this to your own account. Ask another admin.',
  account_disabled: 'This account has been disabled. Please contact support.',
  second_factor_invalid: 'The code is not correct.',
  second_factor_expired: 'The sign-in took too long. Please sign in again.',
  passkey_invalid: 'The passkey could not be verified. Please try again.',
  totp_not_pending: 'Start the authenticator app set-up again.',
  two_factor_required:
    'Your workspace requires two-step sign-in. Set up an authenticator app or a passkey to continue.',
  admin_needs_two_factor:
    'The admin area needs two-step sign-in. Set up an authenticator app or a passkey, then sign in again with it.',
  admin_token_refused: 'The admin area cannot be used with an API token.',
  reauthentication_required: 'Please confirm it is you before doing this.',
  own_two_factor_first: 'Set up two-step sign-in for yourself first.',
};

const fi: Record<ErrorCode, string> = {
  validation_failed: 'Osa kentistä on virheellisiä.',
  unauthorized: 'Kirjaudu sisään.',
  forbidden: 'Sinulla ei ole oikeutta tähän.',
  not_found: 'Ei löytynyt',
  conflict: 'Tätä muutettiin sillä välin. Lataa sivu uudelleen ja yritä uudestaan.',
  payload_too_large: 'Sisältö on liian suuri.',
  unsupported_media_type: 'Tämän tyyppistä sisältöä ei hyväksytä.',
  rate_limited: 'Liian monta yritystä. Odota hetki ja yritä uudelleen.',
  account_not_found: 'Tällä sähköpostiosoitteella ei löytynyt tiliä. Rekisteröidy.',
  invalid_credentials: 'Virheellinen sähköposti tai salasana.',
  protected_domain:
    'Tämä on suojattu verkkotunnus, ja kirjautuminen on sallittu vain {{provider}}-kirjautumisella.',
  email_taken: 'Tällä sähköpostiosoitteella on jo tili. Kirjaudu sisään.',
  code_invalid: 'Linkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.',
  wrong_password: 'Nykyinen salasana ei ole oikein.',
  password_change_not_allowed:
    'Kertakirjautumisen verkkotunnuksen käyttäjät eivät voi vaihtaa salasanaa täällä.',
  requires_recent_login: 'Kirjaudu uudelleen ennen salasanan vaihtoa.',
  invite_not_found: 'Kutsua ei löytynyt',
  invite_used: 'Tämä kutsu on jo käytetty.',
  invite_invalid: 'Tämä kutsulinkki ei ole enää voimassa',
  signing_request_cancelled:
    'Tämä allekirjoituspyyntö peruttiin: asiakirja palasi neuvotteluun. Saat uuden linkin, jos sinua pyydetään allekirjoittamaan uudelleen.',
  signing_request_declined:
    'Tämä allekirjoituspyyntö päättyi, koska joku kieltäytyi allekirjoittamasta. Saat uuden linkin, jos sinua pyydetään allekirjoittamaan uudelleen.',
  signing_request_withdrawn: 'Lähettäjä veti tämän allekirjoituspyynnön takaisin.',
  signing_request_replaced:
    'Tämä allekirjoituspyyntö korvattiin. Jos sinua yhä pyydetään allekirjoittamaan, käytä uusinta saamaasi linkkiä.',
  invite_wrong_account:
    'Tämä linkki lähetettiin toiseen sähköpostiosoitteeseen. Kirjaudu sisään osoitteella, johon se lähetettiin.',
  invite_other_party: 'Olet tämän sopimuksen toisella puolella, joten et voi käyttää tätä kutsua.',
  insufficient_credits: 'Laskutustilillä ei ole tarpeeksi krediittejä.',
  payment_failed: 'Maksu ei onnistunut.',
  internal: 'Jokin meni vikaan. Yritä uudelleen.',
  unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä pian uudelleen.',

  cross_site_refused: 'Toiselta sivustolta tullut pyyntö hylättiin',
  origin_not_allowed: 'Yhteys tältä sivustolta ei ole sallittu',
  invalid_cursor: 'Virheellinen sivutuskohta',
  sso_address: 'Tämä osoite kuuluu kertakirjautumisen palveluntarjoajallesi.',
  signup_complete: 'Rekisteröityminen on jo valmis.',

  token_invalid: 'API-tunniste ei kelpaa: se on tuntematon, vanhentunut tai peruttu.',
  token_read_only: 'Tällä API-tunnisteella voi vain lukea.',
  token_not_allowed: 'API-tunnisteella ei voi tehdä tätä. Kirjaudu sisään.',
  token_rate_limited: 'Liikaa pyyntöjä tällä API-tunnisteella. Odota hetki.',
  token_not_found: 'API-tunnistetta ei löytynyt',
  webhook_not_found: 'Webhookia ei löytynyt',
  webhook_url_invalid: 'Webhookin osoitteen on oltava https://-osoite.',
  webhook_url_private:
    'Yksityisten tai paikallisten verkkojen webhook-osoitteet eivät ole sallittuja.',

  upload_not_found: fileMessagesFi.uploadNotFound,
  upload_in_use: fileMessagesFi.uploadUsed,
  upload_incomplete: fileMessagesFi.uploadIncomplete,
  upload_completed: fileMessagesFi.uploadCompleted,
  upload_offset_mismatch: named(fileMessagesFi.wrongOffset, 'offset'),
  chunk_content_type: 'Lähetä osat muodossa application/offset+octet-stream.',
  file_too_large: named(fileMessagesFi.tooLarge, 'maxMb', 'name', 'sizeMb'),
  file_not_pdf: named(fileMessagesFi.notPdf, 'name'),
  file_not_docx: named(fileMessagesFi.notDocx, 'name'),
  attachment_not_found: fileMessagesFi.attachmentNotFound,
  attachments_closed: fileMessagesFi.dealClosed,
  pdf_only: sendPdfMessages.fi.onlyPdf,

  workspace_not_selected: sendPdfMessages.fi.noWorkspace,
  billing_account_in_review: draftMessages.fi.workspaceNotVerified,
  workspace_in_review: 'Työtila odottaa tarkistusta.',
  invoice_buys_through_sales: 'Laskulla maksettavat työtilat ostavat krediittejä myynnin kautta.',
  administrators_only: 'Vain työtilan ylläpitäjät voivat tehdä tämän.',
  licences_in_use:
    'Kaikki lisenssit ovat käytössä. Osta lisää lisenssejä kutsuaksesi lisää jäseniä.',
  already_member: '{{email}} on jo jäsen.',
  already_invited: '{{email}} on jo kutsuttu.',
  last_administrator: 'Työtilalla on oltava ainakin yksi ylläpitäjä.',
  group_members_only: 'Ryhmän jäsenten on oltava työtilan jäseniä.',
  tag_exists: 'Tunniste {{tag}} on jo olemassa',
  tag_not_found: 'Tunnistetta ei löytynyt',
  annual_total_too_low: 'Vuosisumman on oltava yli 100.',
  reject_only_waiting: 'Vain tarkistusta odottavan työtilan voi hylätä.',
  payments_not_configured: 'Korttimaksuja ei ole otettu käyttöön.',
  webhook_signature_invalid: 'Webhookin allekirjoitusta ei voitu vahvistaa.',
  card_declined: 'Korttisi hylättiin.',
  card_not_chargeable: 'Tätä korttia ei voi veloittaa.',
  card_number_incorrect: 'Kortin numero on virheellinen.',
  card_cvc_incorrect: 'Kortin turvakoodi on virheellinen.',
  card_expired: 'Korttisi on vanhentunut.',
  card_details_missing: 'Anna kortin tiedot.',
  not_test_card:
    'Tämä ei ole testikortti. Käytä korttia 4242 4242 4242 4242, tai 3-D Securea varten korttia 4000 0000 0000 3220.',
  three_d_secure_failed: '3-D Secure -tunnistautuminen epäonnistui.',
  card_authentication_unsupported:
    'Kortti vaatii tunnistautumisen, jota tämä lomake ei voi näyttää.',
  payment_not_completed: 'Maksua ei viety loppuun.',

  section_locked: named(templateMessages.fi.lockedBy, 'name'),
  section_not_open: templateMessages.fi.sectionNotLocked,
  section_not_found: 'Osiota ei löytynyt',
  section_generate_failed: templateMessages.fi.sectionGenerateFail,
  section_parent_problem: templateMessages.fi.sectionParentProblem,
  parent_not_found: templateMessages.fi.parentNotFound,
  section_cannot_move: templateMessages.fi.sectionCannotMove,
  section_cannot_remove: templateMessages.fi.sectionCannotRemove,
  first_option_removed: templateMessages.fi.firstOptionRemoved,
  too_many_options: templateMessages.fi.tooManyOptions,
  option_required: templateMessages.fi.optionRequired,
  default_option_missing: templateMessages.fi.defaultOptionMissing,
  duplicate_option_id: templateMessages.fi.duplicateOptionId,
  price_admin_only: 'Vain ylläpitäjät voivat muuttaa hintaa.',
  publish_admin_only: templateMessages.fi.adminOnly,
  coupon_in_use: templateMessages.fi.couponInUse,
  coupon_not_found: templateMessages.fi.couponNotFound,
  last_editor: templateMessages.fi.lastMember,
  other_party_member: templateMessages.fi.otherPartyMember,
  groups_not_for_global: templateMessages.fi.groupsNotForGlobal,
  share_needs_verified_email: templateMessages.fi.shareNeedsVerifiedEmail,
  share_mail_limit_user: templateMessages.fi.shareMailLimitUser,
  share_mail_limit_workspace: templateMessages.fi.shareMailLimitWorkspace,

  import_not_found: 'Tuontia ei löytynyt',
  import_not_ready: importMessages.fi.notReady,
  import_conversion_failed: importMessages.fi.conversionFailed,
  import_not_zip: importMessages.fi.notZip,
  import_not_docx: importMessages.fi.notDocx,
  import_too_many_entries: importMessages.fi.tooManyEntries,
  import_too_large: importMessages.fi.tooLarge,
  import_no_title: importMessages.fi.noTitle,
  import_title_too_short: importMessages.fi.titleTooShort,
  import_no_sections: importMessages.fi.noSections,
  import_too_similar: importMessages.fi.tooSimilar,
  import_metadata_required: importMessages.fi.metadataRequired,

  draft_already_sent: draftMessages.fi.alreadySent,
  draft_creator_only_delete: draftMessages.fi.onlyCreatorDeletes,
  sender_details_required: draftMessages.fi.senderDetailsRequired,
  receivers_required: draftMessages.fi.receiversRequired,
  section_requires_text:
    'Osiossa "{{title}}" on täytettävää pakollista tekstiä. Muuta sitä tai valitse neuvotteluprosessi.',
  sender_manages_invites: 'Vain lähettäjä hallinnoi kutsuja.',
  deal_closed: draftMessages.fi.dealClosed,
  receiver_joined: draftMessages.fi.receiverJoined,
  invite_resend_not_allowed: draftMessages.fi.resendNotAllowed,
  invite_remove_not_allowed: draftMessages.fi.removeNotAllowed,
  invite_emails_missing: draftMessages.fi.inviteAtLeastOne,
  invite_email_invalid: named(draftMessages.fi.inviteInvalid, 'email'),
  invite_email_already_invited: draftMessages.fi.inviteAlreadyInvited,
  invite_email_double: named(draftMessages.fi.inviteDouble, 'email'),
  data_required: draftMessages.fi.dataRequired,
  receiver_details_edit_only: draftMessages.fi.receiverDetailsEditOnly,

  deal_not_editable: negotiationMessagesFi.notEditable,
  section_not_negotiable: negotiationMessagesFi.notNormal,
  section_agreed: negotiationMessagesFi.agreedNeedsReopen,
  agree_not_offered: negotiationMessagesFi.agreeNotOffered,
  reopen_not_agreed: negotiationMessagesFi.reopenNotAgreed,
  delete_agreed: negotiationMessagesFi.deleteAgreed,
  no_changes: negotiationMessagesFi.noChanges,
  unsupported_group: negotiationMessagesFi.unsupportedGroup,
  section_changed_meanwhile: negotiationMessagesFi.changedMeanwhile,
  section_not_locked: negotiationMessagesFi.notLocked,
  sender_only_trash: negotiationMessagesFi.onlySenderTrash,
  already_trashed: negotiationMessagesFi.alreadyTrashed,
  signed_no_trash: negotiationMessagesFi.signedNoTrash,
  sender_only_settings: negotiationMessagesFi.onlySenderSettings,
  receiver_details_confirmed: negotiationMessagesFi.receiverDetailsConfirmed,
  no_party: negotiationMessagesFi.noParty,
  not_trashed: negotiationMessagesFi.notTrashed,
  version_not_found: 'Osiosta ei ole tällaista versiota.',
  comments_closed: draftMessages.fi.commentsClosed,
  thread_not_found: draftMessages.fi.threadNotFound,
  comment_author_only: 'Vain kirjoittaja voi muokata kommenttia.',
  comment_delete_not_allowed: 'Vain kirjoittaja tai muokkaaja voi poistaa kommentin.',

  deal_not_in_signing: signingMessages.fi.notInSigning,
  changes_not_agreed: named(signingMessages.fi.changesNotAgreed, 'section'),
  already_signed: signingMessages.fi.alreadySigned,
  deal_content_changed: signingMessages.fi.contentChanged,
  not_your_signer: signingMessages.fi.notYourSigner,
  email_not_verified: signingMessages.fi.emailNotVerified,
  two_step_required: signingMessages.fi.twoStepRequired,
  signer_not_found: signingMessages.fi.signerNotFound,
  signing_cancel_after_signature: 'Joku on jo allekirjoittanut: allekirjoitusta ei voi perua.',
  decline_not_available:
    'Tästä asiakirjasta ei voi kieltäytyä täällä. Kerro sen lähettäjälle, miksi et allekirjoita sitä.',
  withdraw_pdf_to_negotiation:
    'Allekirjoitettavaksi lähetetyllä PDF:llä ei ole neuvottelua, johon palata: siirrä se roskakoriin.',
  reminder_too_soon:
    'Allekirjoittajaa muistutettiin alle tunti sitten. Voit muistuttaa uudelleen {{minutes}} min kuluttua.',
  reminder_limit: 'Allekirjoittaja on saanut kaikki tämän asiakirjan sallimat muistutukset.',
  two_step_not_used: 'Tämä allekirjoittaja ei vahvista allekirjoitusta tekstiviestikoodilla.',
  signed_pdf_not_failed: 'Allekirjoitettu PDF ei odota uudelleenluontia.',
  signer_field_required: signingMessages.fi.required,
  signer_phone_invalid: signingMessages.fi.phone,
  signer_email_invalid: signingMessages.fi.email,
  signers_same_email: named(signingMessages.fi.duplicateEmail, 'email'),
  signers_same_phone: named(signingMessages.fi.duplicatePhone, 'phone'),
  signer_count: signingMessages.fi.signerAmount,
  signer_count_setup: signingMessages.fi.signerAmountSetup,
  signature_required: signingMessages.fi.signature,
  two_step_code_invalid: signingMessages.fi.codeInvalid,
  two_step_code_locked: signingMessages.fi.codeLocked,
  two_step_code_rate_limited: signingMessages.fi.codeRateLimited,
  archive_item_not_found: 'Kansiota tai tiedostoa ei löytynyt',
  archive_folder_exists: 'Kansio "{{name}}" on jo tässä kansiossa.',
  archive_workspace_required: archiveMessages.fi.workspaceRequired,
  archive_folder_name_invalid: archiveMessages.fi.folderName,
  archive_move_into_subtree: 'Kansiota ei voi siirtää itseensä eikä sen sisällä olevaan kansioon.',
  archive_move_other_workspace: 'Kansioita ja tiedostoja voi siirtää vain oman työtilansa sisällä.',
  archive_file_needs_folder: 'Tiedostot säilytetään kansioissa: valitse kansio.',
  archive_groups_invalid: 'Valitse kansion työtilan ryhmiä.',
  archive_groups_inherited: 'Kansiolla on yläkansionsa ryhmät. Muuta ryhmiä yläkansiossa.',
  archive_not_pdf: 'Tiedosto "{{name}}" ei ole PDF. Arkistoon voi tallentaa vain PDF-tiedostoja.',
  archive_root_folder_administrators_only:
    'Vain työtilan ylläpitäjät voivat luoda kansioita arkiston juureen.',
  archive_folder_view_only:
    'Voit katsoa tätä kansiota, mutta et luoda siihen kansioita. Pyydä työtilan ylläpitäjää.',
  alert_not_found: 'Muistutusta ei löytynyt',
  alert_date_too_early: alertMessages.fi.dateTooEarly,
  alert_needs_file: 'Muistutukset asetetaan tiedostoille, ei kansioille.',
  alert_needs_verified_email:
    'Vahvista sähköpostiosoitteesi ennen kuin asetat muistutuksia, jotka lähetetään muille.',
  alert_mail_limit:
    'Olet lisännyt muistutuksiin liian monta sähköpostiosoitetta lyhyessä ajassa. Yritä myöhemmin uudelleen.',
  alert_not_editable:
    'Vain muistutuksen lisännyt henkilö tai työtilan ylläpitäjä voi muuttaa tai poistaa sen.',
  unsubscribe_link_invalid:
    'Tämä peruutuslinkki ei ole kelvollinen. Muuta sähköposti-ilmoituksiasi tilisi asetuksista.',
  search_query_too_short: 'Kirjoita hakuun vähintään 3 merkkiä.',
  admin_self: 'Et voi tehdä tätä omalle tilillesi. Pyydä toista ylläpitäjää.',
  account_disabled: 'Tämä tili on poistettu käytöstä. Ota yhteyttä tukeen.',
  second_factor_invalid: 'Koodi ei ole oikein.',
  second_factor_expired: 'Kirjautuminen kesti liian kauan. Kirjaudu uudelleen.',
  passkey_invalid: 'Pääsyavainta ei voitu tarkistaa. Yritä uudelleen.',
  totp_not_pending: 'Aloita todennussovelluksen käyttöönotto uudelleen.',
  two_factor_required:
    'Työtilasi vaatii kaksivaiheisen kirjautumisen. Ota käyttöön todennussovellus tai pääsyavain jatkaaksesi.',
  admin_needs_two_factor:
    'Ylläpito vaatii kaksivaiheisen kirjautumisen. Ota käyttöön todennussovellus tai pääsyavain ja kirjaudu sillä uudelleen.',
  admin_token_refused: 'Ylläpitoa ei voi käyttää API-tunnuksella.',
  reauthentication_required: 'Vahvista henkilöllisyytesi ennen tätä toimintoa.',
  own_two_factor_first: 'Ota ensin itse käyttöön kaksivaiheinen kirjautuminen.',
};

/**
 * The error catalogue: each code's text per language, with `{{name}}` placeholders for the
 * error's params. The web loads it as i18next's `errors` namespace.
 */
export const errorMessages: Record<Lang, Record<ErrorCode, string>> = { en, fi };

/** The names of the placeholders of a text (`{{name}}`), in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '');
}

/** An error's text in a language, its placeholders filled with `params` (absent ones kept). */
export function errorMessage(code: ErrorCode, params: ErrorParams = {}, lang: Lang = 'en'): string {
  return errorMessages[lang][code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Whether a string is one of the API's error codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCodes, code);
}
