import Link from '@mui/material/Link';
import { type HomeGroup, showsAllLink } from '@pactum/core/dashboard';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { useHomeDocuments } from '../api/list-home-documents';
import { homeDocumentPath, homeListPath, homeRowDate } from '../home-links';
import { HomeRows, useParties } from './home-rows';
import { HomeWidget, WidgetBody } from './home-widget';

type DocumentWidgetProps = { group: HomeGroup; title: string; emptyText: string };

/**
 * A document widget (Your recent documents, Drafts, Negotiations, Waiting for signatures,
 * Signed): the 5 latest with title, parties and date, and 'Show all documents' when there are
 * more (never under recent).
 */
export function DocumentWidget({ group, title, emptyText }: DocumentWidgetProps) {
  const { t } = useTranslation();
  const documents = useHomeDocuments(group);
  const parties = useParties();
  const listPath = homeListPath(group);
  return (
    <HomeWidget title={title} listPath={listPath}>
      <WidgetBody
        query={documents}
        title={title}
        isEmpty={(data) => data.items.length === 0}
        emptyText={emptyText}
      >
        {(data) => (
          <>
            <HomeRows
              label={title}
              rows={data.items.map((doc) => ({
                key: `${doc.kind}:${doc.id}`,
                label: doc.title,
                to: homeDocumentPath(doc),
                details: [
                  parties(doc.senderName, doc.receiverName),
                  formatDateTime(homeRowDate(group, doc)),
                ],
              }))}
            />
            {listPath && showsAllLink(group, data.hasMore) && (
              <Link
                component={RouterLink}
                to={listPath}
                variant="body2"
                aria-label={t('dashboardHome.showAllOf', { title })}
                sx={{ display: 'block', width: 'fit-content', mt: 1 }}
              >
                {t('dashboardHome.showAll')}
              </Link>
            )}
          </>
        )}
      </WidgetBody>
    </HomeWidget>
  );
}
