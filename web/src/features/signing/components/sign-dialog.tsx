import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isSignatureTextValid,
  normaliseTwoStepCode,
  SIGNING_CONSENT_VERSION,
  type SignatureColor,
  type SignatureFont,
  signatureColorHex,
  signatureColors,
  signatureFontNames,
  signatureFonts,
  signingConsentText,
  signingMessage,
} from '@pactum/core/signing';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { useLang } from '../../../ui/use-lang';
import { SupportErrorAlert } from '../../support';
import type { SigningSigner, SigningView } from '../api/get-signing';
import {
  useSendCode,
  useSign,
  useUpdateSignatureDefaults,
  useVerifyCode,
} from '../api/signing-actions';
import { loadSignatureFonts, signatureFontFamily } from '../signature-fonts';

/** The SMS code step (spec 3 §4, §5): send, then six digits are checked as soon as typed. */
function TwoStepStep({
  view,
  signer,
  isDone,
  onDone,
}: {
  view: SigningView;
  signer: SigningSigner;
  isDone: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const send = useSendCode(view.id, signer.id);
  const verify = useVerifyCode(view.id, signer.id);
  const [code, setCode] = useState('');
  if (isDone) {
    return (
      <Alert severity="success" role="status">
        {verify.data?.message ?? signingMessage('codeCompleted', lang)}
      </Alert>
    );
  }
  return (
    <Stack spacing={1} role="group" aria-label={t('signing.sign.twoStep')}>
      <Typography variant="subtitle2">{t('signing.sign.twoStep')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('signing.sign.twoStepHint', { phone: signer.phone ?? '' })}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={() => send.mutate()} disabled={send.isPending}>
          {send.isSuccess ? t('signing.sign.resendCode') : t('signing.sign.sendCode')}
        </Button>
      </Box>
      {send.data && (
        <Alert severity="info" role="status">
          {send.data.message}
        </Alert>
      )}
      <SupportErrorAlert error={send.error} />
      {send.isSuccess && (
        <TextField
          label={t('signing.sign.code')}
          value={code}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          onChange={(event) => {
            const value = event.target.value.slice(0, 12);
            setCode(value);
            const typed = normaliseTwoStepCode(value);
            if (typed) verify.mutate(typed, { onSuccess: onDone });
          }}
          disabled={verify.isPending}
          sx={{ maxWidth: 200 }}
        />
      )}
      <SupportErrorAlert error={verify.error} />
    </Stack>
  );
}

/**
 * The sign dialog (spec 3 §2.3, §5): the typed signature (at least 2 characters), one of the 11
 * fonts and 5 colours (remembered per user), the electronic signature consent, and the SMS code
 * first when the deal asks for it. 'Sign document' signs.
 */
export function SignDialog({
  view,
  signer,
  onClose,
  onSigned,
}: {
  view: SigningView;
  signer: SigningSigner;
  onClose: () => void;
  onSigned: (view: SigningView) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const [text, setText] = useState(`${signer.firstname} ${signer.lastname}`);
  const [font, setFont] = useState<SignatureFont>(view.defaults.font);
  const [color, setColor] = useState<SignatureColor>(view.defaults.color);
  const [isConsented, setIsConsented] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const sign = useSign(view.id, signer.id);
  const defaults = useUpdateSignatureDefaults();
  const [isTwoStepDone, setIsTwoStepDone] = useState(signer.twoStep === 'completed');

  useEffect(() => {
    void loadSignatureFonts(signatureFonts);
  }, []);
  useEffect(() => {
    setIsTwoStepDone(signer.twoStep === 'completed');
  }, [signer.twoStep]);

  const needsCode = signer.use2fa && !isTwoStepDone;
  const isTextValid = isSignatureTextValid(text);
  // Remembered for the next signature; the answer shows in the dialog (a toast would cover it).
  const remember = (change: { font?: SignatureFont; color?: SignatureColor }) =>
    defaults.mutate(change);

  const submit = () => {
    setIsTouched(true);
    if (!isTextValid || !isConsented || needsCode) return;
    sign.mutate(
      {
        signature: { text: text.trim(), font, color },
        consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang },
      },
      { onSuccess: onSigned },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('signing.sign.title', { title: view.title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {signer.use2fa && (
            <TwoStepStep
              view={view}
              signer={signer}
              isDone={isTwoStepDone}
              onDone={() => setIsTwoStepDone(true)}
            />
          )}
          <TextField
            label={t('signing.sign.signature')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={isTouched && !isTextValid}
            helperText={isTouched && !isTextValid ? signingMessage('signature', lang) : ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Box
            aria-label={t('signing.sign.preview')}
            role="img"
            sx={{
              fontFamily: signatureFontFamily(font),
              color: signatureColorHex[color],
              fontSize: 36,
              minHeight: 64,
              borderBottom: 1,
              borderColor: 'divider',
              px: 1,
            }}
          >
            {text.trim()}
          </Box>
          <FormControl>
            <FormLabel id={`${titleId}-font`}>{t('signing.sign.font')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-font`}
              row
              value={font}
              onChange={(event) => {
                const next = event.target.value as SignatureFont;
                setFont(next);
                remember({ font: next });
              }}
            >
              {signatureFonts.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio size="small" />}
                  label={
                    <Box
                      component="span"
                      sx={{ fontFamily: signatureFontFamily(option), fontSize: 20 }}
                    >
                      {signatureFontNames[option]}
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id={`${titleId}-color`}>{t('signing.sign.color')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-color`}
              row
              value={color}
              onChange={(event) => {
                const next = event.target.value as SignatureColor;
                setColor(next);
                remember({ color: next });
              }}
            >
              {signatureColors.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={
                    <Radio
                      size="small"
                      sx={{
                        color: signatureColorHex[option],
                        '&.Mui-checked': { color: signatureColorHex[option] },
                      }}
                    />
                  }
                  label={t(`signing.colors.${option}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {defaults.data && (
            <Typography variant="body2" color="success.main" role="status">
              {defaults.data.message}
            </Typography>
          )}
          <ErrorAlert error={defaults.error} />
          <FormControlLabel
            control={
              <Checkbox
                checked={isConsented}
                onChange={(event) => setIsConsented(event.target.checked)}
              />
            }
            label={<Typography variant="body2">{signingConsentText[lang]}</Typography>}
          />
          {isTouched && !isConsented && (
            <Typography color="error" role="alert" variant="body2">
              {t('signing.sign.consentRequired')}
            </Typography>
          )}
          <SupportErrorAlert error={sign.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={sign.isPending || needsCode || !isConsented || !isTextValid}
        >
          {t('signing.sign.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
