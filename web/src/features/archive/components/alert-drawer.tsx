import AddAlertOutlined from '@mui/icons-material/AddAlertOutlined';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ALERT_DRAWER_WIDTH } from '@pactum/core/alerts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { useLang } from '../../../ui/use-lang';
import { alertsLoadFailedText } from '../alert-text';
import { archiveKeys } from '../api/archive-keys';
import { type Alert as FileAlert, useAlerts } from '../api/list-alerts';
import type { ArchiveItemDetail } from '../types';
import { AlertForm } from './alert-form';
import { AlertList } from './alert-list';

type AlertDrawerProps = {
  file: ArchiveItemDetail;
  isOpen: boolean;
  onClose: () => void;
};

/** What the drawer shows: the list, the form of a new alert, or the form of one alert. */
type View = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; alert: FileAlert };

/**
 * The alert drawer of the viewer (spec 1 §2 `showAlertDrawer`, width 500; the whole width on
 * small screens): the file's pending alerts soonest first, with adding, changing and removing
 * them. Always mounted on the viewer; the address opens it.
 */
export function AlertDrawer({ file, isOpen, onClose }: AlertDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [view, setView] = useState<View>({ kind: 'list' });
  // What was just done ('Alert added'), said inside the drawer: a modal hides the page's toasts
  // from screen readers while it is open.
  const [notice, setNotice] = useState<string | null>(null);
  const show = (next: View) => {
    setNotice(null);
    setView(next);
  };
  const close = () => {
    show({ kind: 'list' });
    onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={close}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: ALERT_DRAWER_WIDTH }, maxWidth: '100%' },
        },
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {t('archive.alerts.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={file.name}>
            {file.name}
          </Typography>
        </Box>
        <IconButton aria-label={t('archive.alerts.close')} onClick={close} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ p: 2, overflowY: 'auto', flexGrow: 1 }}>
        {isOpen && view.kind === 'list' && (
          <Stack spacing={2}>
            {notice && (
              <Alert severity="success" role="status" onClose={() => setNotice(null)}>
                {notice}
              </Alert>
            )}
            <AlertsPanel
              file={file}
              // Back from a saved form, focus goes on in the drawer rather than to the page.
              isAddFocused={notice !== null}
              onAdd={() => show({ kind: 'add' })}
              onEdit={(alert) => show({ kind: 'edit', alert })}
              onRemoved={setNotice}
            />
          </Stack>
        )}
        {isOpen && view.kind !== 'list' && (
          <AlertForm
            // A new form for each alert: nothing typed for one shows on another.
            key={view.kind === 'edit' ? view.alert.id : 'new'}
            fileId={file.id}
            alert={view.kind === 'edit' ? view.alert : undefined}
            onCancel={() => show({ kind: 'list' })}
            onSaved={(text) => {
              setView({ kind: 'list' });
              setNotice(text);
            }}
          />
        )}
      </Box>
    </Drawer>
  );
}

type AlertsPanelProps = {
  file: ArchiveItemDetail;
  /** Focus 'Add alert' when shown. */
  isAddFocused: boolean;
  onAdd: () => void;
  onEdit: (alert: FileAlert) => void;
  /** After a removal, with its text. */
  onRemoved: (text: string) => void;
};

/** The 'Add alert' button and the list, with its loading, empty and failed states. */
function AlertsPanel({ file, isAddFocused, onAdd, onEdit, onRemoved }: AlertsPanelProps) {
  const { t } = useTranslation();
  const addButton = useRef<HTMLButtonElement>(null);
  const [isFocusedFirst] = useState(isAddFocused);
  useEffect(() => {
    if (isFocusedFirst) addButton.current?.focus();
  }, [isFocusedFirst]);
  const lang = useLang();
  const alerts = useAlerts(file.id);
  const queryClient = useQueryClient();
  // The list counts the file's alerts too: a count on the file that lags behind is refetched.
  const listedCount = alerts.data?.alertCount;
  useEffect(() => {
    if (listedCount !== undefined && listedCount !== file.alertCount) {
      void queryClient.invalidateQueries({ queryKey: archiveKeys.item(file.id), exact: true });
    }
  }, [listedCount, file.alertCount, file.id, queryClient]);

  return (
    <Stack spacing={2}>
      <Button
        ref={addButton}
        variant="contained"
        startIcon={<AddAlertOutlined />}
        onClick={onAdd}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('archive.alerts.add')}
      </Button>
      <Divider />
      {alerts.isError ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void alerts.refetch()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          {alertsLoadFailedText(errorText(alerts.error, lang), lang)}
        </Alert>
      ) : alerts.isPending ? (
        <Stack spacing={1.5} role="status" aria-label={t('archive.alerts.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : alerts.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('archive.alerts.empty')}</Typography>
      ) : (
        <AlertList
          fileId={file.id}
          fileName={file.name}
          alerts={alerts.data.items}
          onEdit={onEdit}
          onRemoved={(text) => {
            onRemoved(text);
            // The removed alert's button is gone: focus stays in the drawer.
            addButton.current?.focus();
          }}
        />
      )}
    </Stack>
  );
}
