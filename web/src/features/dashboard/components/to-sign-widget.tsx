import Button from '@mui/material/Button';
import { HOME_WIDGET_SIZE } from '@pactum/core/dashboard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { dealListPath } from '../../documents';
import { useToSign } from '../api/list-to-sign';
import { toSignPath } from '../home-links';
import { HomeRows, useParties } from './home-rows';
import { HomeWidget, WidgetBody } from './home-widget';

/**
 * 'You to sign': the user's signatures still to give (at most 20), 5 until 'Show more'. Each
 * row opens the deal's signing view.
 */
export function ToSignWidget() {
  const { t } = useTranslation();
  const toSign = useToSign();
  const parties = useParties();
  const [isExpanded, setExpanded] = useState(false);
  const title = t('dashboardHome.toSign');
  return (
    <HomeWidget title={title} listPath={dealListPath('sign')}>
      <WidgetBody
        query={toSign}
        title={title}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('dashboardHome.toSignEmpty')}
      >
        {(data) => (
          <>
            <HomeRows
              label={title}
              rows={(isExpanded ? data.items : data.items.slice(0, HOME_WIDGET_SIZE)).map(
                (item) => ({
                  key: item.signerId,
                  label: item.title,
                  to: toSignPath(item),
                  details: [
                    parties(item.senderName, item.receiverName),
                    formatDateTime(item.since),
                  ],
                }),
              )}
            />
            {data.items.length > HOME_WIDGET_SIZE && (
              <Button
                size="small"
                onClick={() => setExpanded(!isExpanded)}
                aria-expanded={isExpanded}
                sx={{ mt: 1, ml: -0.5 }}
              >
                {isExpanded ? t('dashboardHome.showLess') : t('dashboardHome.showMore')}
              </Button>
            )}
          </>
        )}
      </WidgetBody>
    </HomeWidget>
  );
}
