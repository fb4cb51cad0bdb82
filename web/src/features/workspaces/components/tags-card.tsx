import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { tagSchema } from '@pactum/core/billing';
import { type Ref, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../app/error-text';
import { ApiError } from '../../../app/http';
import { showFieldErrors } from '../../../ui/field-errors';
import { formatDateTime } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useTablePaginationLabels } from '../../../ui/use-table-pagination-labels';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { useAddTag } from '../api/add-tag';
import { useRemoveTag } from '../api/remove-tag';
import type { Workspace } from '../types';
import { useWorkspaceText } from '../use-workspace-text';

/** Spec 3 §9: the tag list's page sizes. */
const PAGE_SIZES = [10, 25, 50, 100];

type TagsCardProps = { workspace: Workspace; ref?: Ref<HTMLElement> };

/** Whether a failed add is the server's message for the name (a 400 naming the `tag` field). */
const isTagFieldError = (error: unknown) =>
  error instanceof ApiError && error.code === 'validation_failed' && 'tag' in error.fields;

/**
 * The workspace's tags: any member adds and removes them. The name is checked with the add
 * route's schema; an empty name is ignored; a name the workspace has already is 'Tag %s already
 * exists' (also when only its case differs).
 */
export function TagsCard({ workspace, ref }: TagsCardProps) {
  const { t } = useTranslation();
  const { message, describeError } = useWorkspaceText();
  const lang = useLang();
  const paginationLabels = useTablePaginationLabels();
  const add = useAddTag(workspace.id);
  const remove = useRemoveTag(workspace.id);
  const form = useForm({
    resolver: zodResolver(tagSchema),
    // The message stays until the name is typed in again.
    reValidateMode: 'onSubmit',
    defaultValues: { tag: '' },
  });
  const name = useWatch({ control: form.control, name: 'tag' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const { tags } = workspace;
  const lastPage = Math.max(0, Math.ceil(tags.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const canAdd = !workspace.isDemo;

  const onAdd = form.handleSubmit(({ tag }) => {
    if (!tag) return;
    if (tags.some((existing) => existing.tag.toLowerCase() === tag.toLowerCase())) {
      form.setError('tag', { type: 'exists', message: codeText('tag_exists', lang, { tag }) });
      return;
    }
    add.mutate(tag, {
      onSuccess: () => form.reset({ tag: '' }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'tag_exists') {
          form.setError('tag', { type: 'server', message: describeError(error) });
        } else if (isTagFieldError(error)) {
          showFieldErrors(error, form.setError, ['tag']);
        } else toast.error(t('workspaces.tags.saveFailed', { tag, message: describeError(error) }));
      },
    });
  });

  const onRemove = (tag: { id: string; tag: string }) =>
    remove.mutate(tag, {
      onError: (error) =>
        toast.error(
          t('workspaces.tags.removeFailed', { tag: tag.tag, message: describeError(error) }),
        ),
    });

  return (
    <Box ref={ref} id="tags" sx={{ scrollMarginTop: 80 }}>
      <SettingsCard title={t('workspaces.tags.title')}>
        {canAdd && (
          <Stack
            component="form"
            noValidate
            onSubmit={onAdd}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
          >
            <Controller
              control={form.control}
              name="tag"
              render={({ field, fieldState }) => (
                <TextField
                  size="small"
                  label={t('workspaces.tags.newTag')}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('tag');
                  }}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message && message(fieldState.error.message)}
                  sx={{ flex: 1, maxWidth: 360 }}
                />
              )}
            />
            <Button
              type="submit"
              variant="outlined"
              loading={add.isPending}
              disabled={!name.trim()}
            >
              {t('workspaces.tags.add')}
            </Button>
          </Stack>
        )}
        {tags.length === 0 ? (
          <Typography color="text.secondary">{t('workspaces.tags.empty')}</Typography>
        ) : (
          <Box>
            <Table size="small" aria-label={t('workspaces.tags.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('workspaces.tags.tag')}</TableCell>
                  <TableCell>{t('workspaces.tags.created')}</TableCell>
                  <TableCell align="right" sx={{ width: 64 }}>
                    <Box component="span" sx={visuallyHidden}>
                      {t('common.remove')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tags.slice(shownPage * pageSize, (shownPage + 1) * pageSize).map((tag) => (
                  <TableRow key={tag.id}>
                    <TableCell>{tag.tag}</TableCell>
                    <TableCell>{formatDateTime(tag.createdAt)}</TableCell>
                    <TableCell align="right">
                      <IconButton
                        size="small"
                        aria-label={t('workspaces.tags.remove', { tag: tag.tag })}
                        disabled={remove.isPending && remove.variables?.id === tag.id}
                        onClick={() => onRemove(tag)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={tags.length}
              page={shownPage}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              {...paginationLabels}
            />
          </Box>
        )}
      </SettingsCard>
    </Box>
  );
}
