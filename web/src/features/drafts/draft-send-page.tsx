import ArrowBack from '@mui/icons-material/ArrowBack';
import Send from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Party } from '@pactum/core/documents';
import {
  isCreditSufficient,
  isPartyValid,
  isProcessValid,
  isSendEnabled,
  normaliseEmailTags,
  sectionsBlockingSign,
  type sendProcesses,
  totalPrice,
  unlockedStepCount,
} from '@pactum/core/drafts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { draftPath, draftSentPath } from '../documents';
import { useWorkspaces } from '../workspaces';
import type { DraftDetail } from './api/get-draft';
import { type ReceiverInput, useSaveReceivers } from './api/save-receivers';
import { useSendDraft } from './api/send-draft';
import { useUpdateDraft } from './api/update-draft';
import { BillingStep, canPay } from './components/billing-step';
import { PartyFields } from './components/party-fields';
import { ProcessStep } from './components/process-step';
import { newReceiverForm, type ReceiverForm, ReceiversStep } from './components/receivers-step';
import { SendStepCard } from './components/send-step-card';
import { useDraftOfPage } from './draft-page';
import { partyKey, RECEIVERS_SAVE_MS, SEND_PAGE_SAVE_MS } from './draft-rules';
import { markQueued } from './just-sent';
import { useDebouncedSave, useEditable } from './use-debounced-save';

type SendProcess = (typeof sendProcesses)[number];

/** The credit check is waived in a development build (spec 2 §5). */
const isDevelopment = import.meta.env.DEV;

const toForms = (receivers: DraftDetail['receivers'], receiverParty: Party): ReceiverForm[] =>
  receivers.length > 0
    ? receivers.map((receiver) => ({
        key: receiver.id,
        id: receiver.id,
        party: receiver.party,
        emails: receiver.emails.map((email) => email.email),
      }))
    : [newReceiverForm(receiverParty)];

/** What is stored of the receivers: compared without the tags the server would drop. */
const receiversKey = (receivers: readonly { party: Party; emails: readonly string[] }[]) =>
  JSON.stringify(
    receivers.map((receiver) => [partyKey(receiver.party), normaliseEmailTags(receiver.emails)]),
  );

const sameParty = (a: Party, b: Party) => partyKey(a) === partyKey(b);

/**
 * `draft/:draftId/parties` (draft-send): the five steps that unlock in order (spec 2 §2.2,
 * §4.4): My details, Select process, Add receiver(s), Billing account, Send documents. The
 * sender's details save 2 s and the receivers 1 s after the last change; the process and the
 * billing account save at once.
 */
export function DraftSendPage() {
  const { t } = useTranslation();
  const draft = useDraftOfPage();
  const navigate = useNavigate();
  const update = useUpdateDraft(draft.id);
  const saveReceivers = useSaveReceivers(draft.id);
  const send = useSendDraft(draft.id);
  const workspaces = useWorkspaces();
  const isDisabled = !draft.canEdit;

  // The sender and the receivers show the stored draft until the user edits them, so an
  // autosave only ever writes what the user typed (never a form filled from a stale copy).
  const [sender, setSender] = useEditable<Party>(draft.parties.sender);
  const [touchedSender, setTouchedSender] = useState(
    new Set<'name' | 'vat' | 'address' | 'email' | 'social'>(),
  );
  // Shown at once and saved right away (spec 2 §4.4: changing the process saves the draft).
  const [process, setProcess] = useState<SendProcess | null>(
    draft.dealProcess === 'sign' || draft.dealProcess === 'negotiate' ? draft.dealProcess : null,
  );
  const storedForms = useMemo(
    () => toForms(draft.receivers, draft.parties.receiver),
    [draft.receivers, draft.parties.receiver],
  );
  const [receivers, setReceivers, isReceiversEdited] = useEditable<ReceiverForm[]>(storedForms);
  const [isConfirmed, setIsConfirmed] = useState(false);

  const senderSave = useDebouncedSave(
    sender,
    draft.parties.sender,
    SEND_PAGE_SAVE_MS,
    (party) => update.mutateAsync({ parties: { ...draft.parties, sender: party } }),
    sameParty,
  );
  const storedReceivers = useMemo(
    () =>
      draft.receivers.map((receiver) => ({
        party: receiver.party,
        emails: receiver.emails.map((e) => e.email),
      })),
    [draft.receivers],
  );
  const receiversSave = useDebouncedSave(
    receivers,
    storedReceivers,
    RECEIVERS_SAVE_MS,
    async (forms) => {
      const body: ReceiverInput[] = forms.map((form) => ({
        ...(form.id ? { id: form.id } : {}),
        party: form.party,
        emails: normaliseEmailTags(form.emails),
      }));
      const saved = await saveReceivers.mutateAsync(body);
      // Newly stored receivers keep their ids, so the next save updates them.
      setReceivers((current) =>
        current.map((form, index) => (form.id ? form : { ...form, id: saved[index]?.id })),
      );
    },
    // Untouched forms are the stored receivers (or the one blank form of a draft without any):
    // nothing to save until the user changes them.
    (a, b) => !isReceiversEdited || receiversKey(a) === receiversKey(b),
  );

  const verified = workspaces.data?.filter(canPay) ?? [];
  const workspace = workspaces.data?.find((item) => item.id === draft.workspaceId);
  const onlyWorkspace = verified.length === 1 ? verified[0] : undefined;
  // With a single account that can pay, it is chosen for the user (once).
  const hasChosenFor = useRef(false);
  const { mutate: saveDraft } = update;
  useEffect(() => {
    if (hasChosenFor.current || draft.workspaceId || !onlyWorkspace || !draft.canEdit) return;
    hasChosenFor.current = true;
    saveDraft({ workspaceId: onlyWorkspace.id });
  }, [draft.workspaceId, onlyWorkspace, draft.canEdit, saveDraft]);

  const highlighted = useMemo(() => sectionsBlockingSign(draft.sections), [draft.sections]);
  const isProcessOk = isProcessValid(process, draft.sections);
  const receiverDrafts = receivers.map((form) => ({ party: form.party, emails: form.emails }));
  const unlocked = unlockedStepCount({
    senderName: isPartyValid(sender) ? sender.name : '',
    isProcessValid: isProcessOk,
    receivers: receiverDrafts,
    workspaceId: workspace && canPay(workspace) ? workspace.id : null,
  });
  const total = totalPrice(draft.price, receivers.length);
  const isCreditOk = workspace
    ? isCreditSufficient({
        price: draft.price,
        receiverCount: receivers.length,
        credits: workspace.credits,
        isDemo: workspace.isDemo,
        isDevelopment,
      })
    : false;
  const isSaving =
    senderSave.isPending || receiversSave.isPending || update.isPending || saveReceivers.isPending;
  const canSend =
    unlocked >= 5 &&
    isSendEnabled({
      isSaving: false,
      isConfirmed,
      receivers: receiverDrafts,
      isCreditSufficient: isCreditOk,
    });

  const onSend = async () => {
    if (!canSend || !workspace || !process) return;
    try {
      await Promise.all([senderSave.flush(), receiversSave.flush()]);
    } catch {
      return;
    }
    send.mutate(
      {
        workspaceId: workspace.id,
        dealProcess: process,
        ...(draft.batchName ? { batchName: draft.batchName } : {}),
        isConfirmed: true,
      },
      {
        onSuccess: () => {
          markQueued(draft.id);
          navigate(draftSentPath(draft.id));
        },
      },
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeader
        title={t('drafts.send.title')}
        subtitle={
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {draft.title}
          </Typography>
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<ArrowBack />}
            component={RouterLink}
            to={draftPath(draft.id, 'edit')}
          >
            {t('drafts.send.backToEdit')}
          </Button>
        }
      />
      <ErrorAlert error={senderSave.error ?? receiversSave.error ?? update.error} />
      <SendStepCard
        number={1}
        title={t('drafts.send.myDetails')}
        isLocked={false}
        isDone={unlocked > 1}
      >
        <PartyFields
          party={sender}
          onChange={setSender}
          disabled={isDisabled}
          touched={touchedSender}
          onTouch={(field) => setTouchedSender((fields) => new Set(fields).add(field))}
        />
      </SendStepCard>
      <SendStepCard
        number={2}
        title={t('drafts.send.process.title')}
        isLocked={unlocked < 2}
        isDone={unlocked > 2}
      >
        <ProcessStep
          draftId={draft.id}
          process={process}
          onChange={(next) => {
            setProcess(next);
            update.mutate({ dealProcess: next });
          }}
          highlighted={highlighted}
          disabled={isDisabled}
        />
      </SendStepCard>
      <SendStepCard
        number={3}
        title={t('drafts.send.receivers.title')}
        isLocked={unlocked < 3}
        isDone={unlocked > 3}
      >
        <ReceiversStep receivers={receivers} onChange={setReceivers} disabled={isDisabled} />
      </SendStepCard>
      <SendStepCard
        number={4}
        title={t('drafts.send.billing.title')}
        isLocked={unlocked < 4}
        isDone={unlocked > 4 && isCreditOk}
      >
        <BillingStep
          workspaces={workspaces.data}
          isLoading={workspaces.isPending}
          error={workspaces.error}
          workspaceId={draft.workspaceId}
          onChange={(workspaceId) => update.mutate({ workspaceId })}
          total={total}
          isCreditSufficient={isCreditOk}
          disabled={isDisabled}
          returnTo={draftPath(draft.id, 'parties')}
        />
      </SendStepCard>
      <SendStepCard
        number={5}
        title={t('drafts.send.sendTitle')}
        isLocked={unlocked < 5}
        isDone={false}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={isConfirmed}
              onChange={(event) => setIsConfirmed(event.target.checked)}
              disabled={isDisabled}
            />
          }
          label={t('drafts.send.confirm', {
            count: receivers.length,
            credits: t('drafts.send.credits', { count: total }),
            account: workspace?.title ?? '',
          })}
        />
        <ErrorAlert error={send.error} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<Send />}
            onClick={onSend}
            loading={send.isPending}
            disabled={!canSend || isSaving || send.isPending}
          >
            {t('drafts.send.send', { count: receivers.length })}
          </Button>
          {isSaving && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('drafts.saving')}
            </Typography>
          )}
        </Stack>
      </SendStepCard>
    </Stack>
  );
}
