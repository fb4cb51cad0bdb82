import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { SettingsCard } from '../../../ui/settings-card';
import { toast } from '../../../ui/toast-store';
import { useSetWorkspaceSecurity } from '../api/set-security';
import type { Workspace } from '../types';

/** The administrators' sign-in rule for the workspace: require two-step sign-in of members. */
export function SecurityCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const save = useSetWorkspaceSecurity(workspace.id);
  return (
    <SettingsCard
      title={t('twoFactor.workspace.title')}
      description={t('twoFactor.workspace.description')}
    >
      <ErrorAlert error={save.error} />
      <FormControlLabel
        control={
          <Switch
            checked={workspace.requireTwoFactor}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { requireTwoFactor: event.target.checked },
                { onSuccess: () => toast.success(t('twoFactor.workspace.saved')) },
              )
            }
          />
        }
        label={t('twoFactor.workspace.require')}
      />
    </SettingsCard>
  );
}
