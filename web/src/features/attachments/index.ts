/* The front door of attachments: what other features may use of it. */

export { attachmentsQueryKey, useAttachments } from './api/list-attachments';
export { AttachmentsCard } from './components/attachments-card';
