import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewTabIcon } from '../../ui/plain/plain-icons';
import { type SupportContact as Contact, useSupportContact } from './api/get-support-contact';
import { useChatWidget } from './chat-widget';

type SupportContactProps = {
  /**
   * The sentence that sends the user to support, e.g. 'To recover it, contact Pactum support.';
   * shown only when an e-mail or a chat is configured. Default: 'Please contact Pactum support.'
   */
  lead?: string;
};

/**
 * The ways to reach support that the operator configured: e-mail, help, chat. Nothing at all
 * when none is, so that no text promises a way that does not exist. Drawn by the plain kit
 * (the sign-in card shows it), in the body2 type of the alerts and dialogs it sits in.
 */
export function SupportContact(props: SupportContactProps) {
  const contact = useSupportContact();
  // The widget shows its own button; the text below says where it is.
  useChatWidget();
  if (!contact) return null;
  return <SupportContactView contact={contact} {...props} />;
}

/** `SupportContact` for a known configuration. */
export function SupportContactView({ contact, lead }: SupportContactProps & { contact: Contact }) {
  const { t } = useTranslation();
  const canContact = Boolean(contact.email || contact.chatScriptUrl);
  const links: { key: string; node: ReactNode }[] = [];
  if (contact.email) {
    links.push({
      key: 'email',
      node: (
        <a className="pl-link" href={`mailto:${contact.email}`}>
          {t('support.email', { email: contact.email })}
        </a>
      ),
    });
  }
  if (contact.helpUrl) {
    links.push({
      key: 'help',
      node: (
        <a className="pl-link" href={contact.helpUrl} target="_blank" rel="noopener noreferrer">
          {t('support.help')}
          <NewTabIcon />
          <span className="pl-hidden">{` ${t('support.newTab')}`}</span>
        </a>
      ),
    });
  }
  if (!canContact && links.length === 0) return null;
  return (
    <div className="pl-small" style={{ marginTop: 4 }}>
      {canContact && <p className="pl-text">{lead ?? t('support.lead')}</p>}
      {links.length > 0 && (
        <p className="pl-text">
          {links.map((link, index) => (
            <Fragment key={link.key}>
              {index > 0 && ' · '}
              {link.node}
            </Fragment>
          ))}
        </p>
      )}
      {contact.chatScriptUrl && <p className="pl-text">{t('support.chat')}</p>}
    </div>
  );
}
