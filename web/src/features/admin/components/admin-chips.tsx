import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { AdminEventKind } from '@pactum/core/admin';
import { useTranslation } from 'react-i18next';
import type { AdminDocumentState } from '../list-params';

type UserFlags = { emailVerified: boolean; isAdmin: boolean; disabledAt: string | null };

/** Whether the e-mail is verified. */
export function VerifiedChip({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation();
  return isVerified ? (
    <Chip size="small" color="success" variant="outlined" label={t('admin.users.verified')} />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label={t('admin.users.unverified')} />
  );
}

/** A user's disabled and admin marks (none for an ordinary active user). */
export function UserFlagChips({ isAdmin, disabledAt }: Omit<UserFlags, 'emailVerified'>) {
  const { t } = useTranslation();
  if (!isAdmin && !disabledAt) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {disabledAt && <Chip size="small" color="error" label={t('admin.users.disabled')} />}
      {isAdmin && <Chip size="small" color="primary" label={t('admin.users.admin')} />}
    </Stack>
  );
}

const stateColors: Record<
  AdminDocumentState,
  'default' | 'info' | 'warning' | 'success' | 'error'
> = {
  draft: 'default',
  new: 'info',
  negotiate: 'info',
  'in-signing': 'warning',
  signed: 'success',
  trash: 'error',
};

/** A document's kind and state: 'Deal · In negotiation', 'Draft'. */
export function DocumentStateChip({
  kind,
  state,
}: {
  kind: 'deal' | 'draft';
  state: AdminDocumentState;
}) {
  const { t } = useTranslation();
  const label =
    kind === 'draft'
      ? t('admin.kinds.draft')
      : `${t('admin.kinds.deal')} · ${t(`admin.states.${state}`)}`;
  return <Chip size="small" variant="outlined" color={stateColors[state]} label={label} />;
}

const kindColors: Record<AdminEventKind, 'default' | 'info' | 'secondary'> = {
  auth: 'default',
  document: 'info',
  admin: 'secondary',
};

/** Where an event comes from: sign-in, a document, an admin. */
export function EventKindChip({ kind }: { kind: AdminEventKind }) {
  const { t } = useTranslation();
  return <Chip size="small" color={kindColors[kind]} label={t(`admin.events.kinds.${kind}`)} />;
}
