import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import {
  type Address,
  addressSchema,
  type Company,
  companySchema,
  type UpdateAccount,
} from '@pactum/core/auth';
import { type Ref, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import type { Me } from '../../auth';
import { useUpdateMe } from '../api/update-me';
import { useResetWhenClean } from '../use-reset-when-clean';

type CompanyField = keyof z.infer<typeof companySchema>;
type AddressField = keyof z.infer<typeof addressSchema>;

const companyFields: { name: CompanyField; autoComplete?: string; wide?: boolean }[] = [
  { name: 'name', autoComplete: 'organization', wide: true },
  { name: 'vat' },
  { name: 'department' },
  { name: 'costcenter' },
  { name: 'www', autoComplete: 'url' },
];

const addressFields: { name: AddressField; autoComplete?: string; wide?: boolean }[] = [
  { name: 'street1', autoComplete: 'address-line1', wide: true },
  { name: 'street2', autoComplete: 'address-line2', wide: true },
  { name: 'zip', autoComplete: 'postal-code' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'country', autoComplete: 'country-name' },
];

/** Company details filled into new documents for the user. */
export function AutofillCard({
  me,
  firstFieldRef,
}: {
  me: Me;
  firstFieldRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const values = useMemo(() => ({ ...emptyCompany, ...me.company }), [me.company]);
  return (
    <TextGroupCard
      id="autofill"
      title={t('account.autofill.title')}
      description={t('account.autofill.description')}
      schema={companySchema}
      values={values}
      fields={companyFields.map((field) => ({
        ...field,
        label: t(`account.autofill.${field.name}`),
      }))}
      toChanges={(company) => ({ company: company as Company })}
      firstFieldRef={firstFieldRef}
    />
  );
}

/** The company's postal address. */
export function CompanyAddressCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const values = useMemo(() => ({ ...emptyAddress, ...me.address }), [me.address]);
  return (
    <TextGroupCard
      title={t('account.address.title')}
      schema={addressSchema}
      values={values}
      fields={addressFields.map((field) => ({
        ...field,
        label: t(`account.address.${field.name}`),
      }))}
      toChanges={(address) => ({ address: address as Address })}
    />
  );
}

const emptyCompany: Record<CompanyField, string> = {
  name: '',
  vat: '',
  department: '',
  costcenter: '',
  www: '',
};
const emptyAddress: Record<AddressField, string> = {
  street1: '',
  street2: '',
  zip: '',
  city: '',
  state: '',
  country: '',
};

/** A card's texts by field name. */
type TextValues = Record<string, string>;

type TextGroupCardProps = {
  id?: string;
  title: string;
  description?: string;
  schema: z.ZodType<TextValues, TextValues>;
  values: TextValues;
  fields: { name: string; label: string; autoComplete?: string; wide?: boolean }[];
  toChanges: (values: TextValues) => UpdateAccount;
  firstFieldRef?: Ref<HTMLInputElement>;
};

/** A card of optional short texts saved together as one object of the user. */
function TextGroupCard({
  id,
  title,
  description,
  schema,
  values,
  fields,
  toChanges,
  firstFieldRef,
}: TextGroupCardProps) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const form = useForm<TextValues, unknown, TextValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: values,
  });
  // Both are read on every render: formState only tracks what a render has read.
  const { isDirty, isValid } = form.formState;
  useResetWhenClean(form, values);
  const onSubmit = form.handleSubmit((submitted) =>
    updateMe.mutate(toChanges(submitted), {
      onSuccess: () => {
        form.reset(submitted);
        toast.success(t('common.saved'), 5_000);
      },
    }),
  );
  return (
    <SettingsCard
      id={id}
      title={title}
      description={description}
      onSubmit={onSubmit}
      actions={
        <SubmitButton isPending={updateMe.isPending} disabled={!isDirty || !isValid}>
          {t('common.save')}
        </SubmitButton>
      }
    >
      <ErrorAlert error={updateMe.error} />
      <Grid container spacing={2}>
        {fields.map((field, index) => (
          <Grid key={field.name} size={{ xs: 12, sm: field.wide ? 12 : 6 }}>
            <FormTextField
              control={form.control}
              name={field.name}
              label={field.label}
              autoComplete={field.autoComplete}
              inputRef={index === 0 ? firstFieldRef : undefined}
            />
          </Grid>
        ))}
      </Grid>
    </SettingsCard>
  );
}
