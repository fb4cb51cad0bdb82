import { useTranslation } from 'react-i18next';
import { archivePath } from '../../archive';
import { useHomeAlerts } from '../api/list-home-alerts';
import { alertPath } from '../home-links';
import { HomeRows } from './home-rows';
import { HomeWidget, WidgetBody } from './home-widget';

/**
 * Upcoming Document Alerts: the soonest alerts the user receives, each opening its file in the
 * archive with the alert drawer open.
 */
export function AlertsWidget() {
  const { t } = useTranslation();
  const alerts = useHomeAlerts();
  const title = t('dashboardHome.alerts');
  return (
    <HomeWidget title={title} listPath={archivePath()}>
      <WidgetBody
        query={alerts}
        title={title}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('dashboardHome.alertsEmpty')}
      >
        {(data) => (
          <HomeRows
            label={title}
            rows={data.items.map((alert) => ({
              key: alert.id,
              label: alert.subject,
              to: alertPath(alert),
              details: [
                t('dashboardHome.alertOn', { date: alert.date }),
                t('dashboardHome.alertFile', { name: alert.fileName }),
              ],
            }))}
          />
        )}
      </WidgetBody>
    </HomeWidget>
  );
}
