import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { DealDecline } from '@pactum/core/signing';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';

/**
 * A deal that someone declined to sign (issue 40): who, for which company, when and why, above
 * the editor and the signing view until signing starts again. `parties` gives the company names.
 */
export function DeclinedNotice({
  declined,
  parties,
}: {
  declined: DealDecline;
  parties: { sender: { name: string }; receiver: { name: string } };
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>
        {t('signing.decline.notice', {
          by: declined.by,
          party: parties[declined.party].name,
          time: formatDateTime(declined.at),
        })}
      </AlertTitle>
      <span style={{ whiteSpace: 'pre-wrap' }}>
        {t('signing.decline.noticeReason', { reason: declined.reason })}
      </span>
    </Alert>
  );
}
