import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../ui/visually-hidden';
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
 * when none is, so that no text promises a way that does not exist.
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
        <Link href={`mailto:${contact.email}`}>{t('support.email', { email: contact.email })}</Link>
      ),
    });
  }
  if (contact.helpUrl) {
    links.push({
      key: 'help',
      node: (
        <Link
          href={contact.helpUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
        >
          {t('support.help')}
          <OpenInNew aria-hidden sx={{ fontSize: '1em' }} />
          <Box component="span" sx={visuallyHidden}>
            {` ${t('support.newTab')}`}
          </Box>
        </Link>
      ),
    });
  }
  if (!canContact && links.length === 0) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      {canContact && (
        <Typography variant="body2" component="p">
          {lead ?? t('support.lead')}
        </Typography>
      )}
      {links.length > 0 && (
        <Typography variant="body2" component="p">
          {links.map((link, index) => (
            <Fragment key={link.key}>
              {index > 0 && ' · '}
              {link.node}
            </Fragment>
          ))}
        </Typography>
      )}
      {contact.chatScriptUrl && (
        <Typography variant="body2" component="p">
          {t('support.chat')}
        </Typography>
      )}
    </Box>
  );
}
