import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast-store';
import { useRejectWorkspace } from '../api/reject-workspace';
import { useVerifyWorkspace } from '../api/verify-workspace';
import { ReasonDialog } from './reason-dialog';

/** A decision on a workspace order waiting for review. */
export type Review = { workspace: { id: string; title: string }; action: 'verify' | 'reject' };

/**
 * Verifies or rejects a workspace order after a confirmation, with an optional reason for the
 * event log; the billing list and the workspace's page both use it.
 */
export function ReviewDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyWorkspace();
  const reject = useRejectWorkspace();
  const { workspace, action } = review;
  const isReject = action === 'reject';
  const mutation = isReject ? reject : verify;
  return (
    <ReasonDialog
      title={
        isReject
          ? t('admin.rejectTitle', { title: workspace.title })
          : t('admin.verifyTitle', { title: workspace.title })
      }
      text={isReject ? t('admin.rejectText') : t('admin.verifyText')}
      confirmLabel={isReject ? t('admin.reject') : t('admin.verify')}
      isReasonOptional
      isPending={mutation.isPending}
      error={mutation.error}
      onSubmit={(reason) =>
        mutation.mutate(
          { workspaceId: workspace.id, reason: reason || undefined },
          {
            onSuccess: () => {
              if (isReject) toast.warning(t('admin.rejected', { title: workspace.title }));
              else toast.success(t('admin.verified', { title: workspace.title }));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
