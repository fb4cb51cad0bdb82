/* The front door of support: what other features may use of it. */

export { useSupportContact } from './api/get-support-contact';
export { useChatWidget } from './chat-widget';
export { SupportContact } from './support-contact';
export { SupportErrorAlert } from './support-error-alert';
