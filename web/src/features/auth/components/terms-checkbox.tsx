import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { type MouseEvent, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { LegalDialog, type LegalDocument } from './legal-dialog';

type TermsCheckboxProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
};

/** 'I accept the terms of service and the privacy policy': each named text opens in a dialog. */
export function TermsCheckbox<T extends FieldValues>({ control, name }: TermsCheckboxProps<T>) {
  const [openDocument, setOpenDocument] = useState<LegalDocument>();
  // The links sit inside the checkbox's label: opening a text must not tick the box.
  const open = (document: LegalDocument) => (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOpenDocument(document);
  };
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormControlLabel
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -1 } }}
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            }
            label={
              <Trans
                i18nKey="signup.accept"
                components={{
                  terms: <Link component="button" type="button" onClick={open('terms')} />,
                  privacy: <Link component="button" type="button" onClick={open('privacy')} />,
                }}
              />
            }
          />
        )}
      />
      <LegalDialog document={openDocument} onClose={() => setOpenDocument(undefined)} />
    </>
  );
}
