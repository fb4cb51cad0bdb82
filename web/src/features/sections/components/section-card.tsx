import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FormatIndentDecrease from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncrease from '@mui/icons-material/FormatIndentIncrease';
import HelpOutline from '@mui/icons-material/HelpOutline';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { contentOptionLetter, type MoveDirection, SHORT_TEXT_MAX } from '@pactum/core/templates';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../app/error-text';
import { useLang } from '../../../ui/use-lang';
import type { Section, SectionValues } from '../types';
import type { OpenSection } from '../use-section-editing';
import { ContentOptionsEditor } from './content-options-editor';
import { RichTextView } from './rich-text-view';

/** The element id a section card has, for the table of contents. */
export const sectionAnchorId = (sectionId: string) => `section-${sectionId}`;

/** The moves the ordering rules allow for a section right now. */
export type AllowedMoves = Record<MoveDirection, boolean>;

type SectionCardProps = {
  section: Section;
  /** Editing controls are shown only in edit mode for users who may edit. */
  canEdit: boolean;
  meId: string;
  /** This section's open editor, when it is the one open here. */
  open: OpenSection | null;
  isOpening: boolean;
  isSaving: boolean;
  moves: AllowedMoves;
  canRemove: boolean;
  onEdit: () => void;
  /** Changes some of the open section's values; the rest stay as last typed. */
  onChange: (change: Partial<SectionValues>) => void;
  onSave: () => void;
  onCancel: () => void;
  onMove: (direction: MoveDirection) => void;
  onAddBelow: () => void;
  onDelete: () => void;
  /** How the number shows (drafts: '§ n'); the plain number by default. */
  formatNumber?: ((section: Section) => string) | undefined;
  /** Below the body, e.g. the draft's internal comments. */
  footer?: ReactNode;
};

/**
 * One section as a card: its number, title, help and content options. For an editor it has the
 * Edit button (taking the section's lock), the move and delete menu, and — while open here —
 * the form with the rich text of every content option. Another user's lock shows 'Locked by
 * %s'; the user's own lock held by another tab or browser warns about multiple editors.
 */
export function SectionCard(props: SectionCardProps) {
  const { section, canEdit, meId, open } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const lockHolder = section.lockedBy && section.lockedBy.id !== meId ? section.lockedBy : null;
  const isElsewhere = canEdit && !open && !props.isOpening && section.lockedBy?.id === meId;
  const isChild = section.parentId !== null;
  const title = section.title || t('sections.untitled');
  return (
    <Card
      variant="outlined"
      component="section"
      id={sectionAnchorId(section.id)}
      aria-labelledby={headingId}
      sx={{
        ml: isChild ? { xs: 2, sm: 5 } : 0,
        scrollMarginTop: 96,
        borderColor: open ? 'primary.main' : undefined,
        borderWidth: open ? 2 : 1,
      }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography
            id={headingId}
            variant={isChild ? 'subtitle1' : 'h6'}
            component={isChild ? 'h3' : 'h2'}
            sx={{ flexGrow: 1, fontWeight: 600, overflowWrap: 'anywhere', pt: 0.5 }}
          >
            {section.number && (
              <>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {props.formatNumber ? props.formatNumber(section) : section.number}
                </Box>{' '}
              </>
            )}
            {open ? open.values.title || title : title}
          </Typography>
          {canEdit && lockHolder && (
            <Chip
              icon={<LockOutlined />}
              size="small"
              color="warning"
              variant="outlined"
              label={codeText('section_locked', lang, { name: lockHolder.name })}
            />
          )}
          {canEdit && section.editLock && (
            <Chip size="small" variant="outlined" label={t('sections.editLocked')} />
          )}
          {canEdit && !open && (
            <SectionActions {...props} title={title} isLockedByOther={Boolean(lockHolder)} />
          )}
        </Stack>
        {isElsewhere && (
          <Alert
            severity="warning"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={props.onEdit}>
                {t('sections.openHere')}
              </Button>
            }
          >
            {t('sections.multipleEditors')}
          </Alert>
        )}
        {open ? <SectionForm {...props} open={open} /> : <SectionBody section={section} />}
        {props.footer}
      </CardContent>
    </Card>
  );
}

function SectionActions({
  title,
  isLockedByOther,
  isOpening,
  moves,
  canRemove,
  onEdit,
  onMove,
  onAddBelow,
  onDelete,
}: SectionCardProps & { title: string; isLockedByOther: boolean }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const item = (label: string, icon: ReactNode, onClick: () => void, isDisabled = false) => (
    <MenuItem
      disabled={isDisabled}
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      <Button
        size="small"
        startIcon={<EditOutlined />}
        onClick={onEdit}
        loading={isOpening}
        disabled={isLockedByOther}
        aria-label={t('sections.editNamed', { title })}
      >
        {t('common.edit')}
      </Button>
      <IconButton
        size="small"
        aria-label={t('sections.actionsFor', { title })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {item(
          t('sections.moveUp'),
          <ArrowUpward fontSize="small" />,
          () => onMove('up'),
          !moves.up,
        )}
        {item(
          t('sections.moveDown'),
          <ArrowDownward fontSize="small" />,
          () => onMove('down'),
          !moves.down,
        )}
        {item(
          t('sections.indent'),
          <FormatIndentIncrease fontSize="small" />,
          () => onMove('indent'),
          !moves.indent,
        )}
        {item(
          t('sections.outdent'),
          <FormatIndentDecrease fontSize="small" />,
          () => onMove('outdent'),
          !moves.outdent,
        )}
        {item(t('sections.addBelow'), <AddCircleOutline fontSize="small" />, onAddBelow)}
        {item(
          t('sections.delete'),
          <DeleteOutline fontSize="small" />,
          onDelete,
          !canRemove || isLockedByOther,
        )}
      </Menu>
    </Stack>
  );
}

/** The section as stored: help, and its content option(s), the default one marked. */
function SectionBody({ section }: { section: Section }) {
  const { t } = useTranslation();
  const options = section.content.filter((option) => option.html.trim() !== '');
  const isSeveral = section.content.length > 1;
  return (
    <Stack spacing={2} sx={{ mt: 1.5 }}>
      {section.help && <SectionHelp help={section.help} />}
      {section.type !== 'normal' && (
        <Typography color="text.secondary" variant="body2">
          {t(section.type === 'parties' ? 'sections.partiesText' : 'sections.signersText')}
        </Typography>
      )}
      {section.type === 'normal' && options.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ fontStyle: 'italic' }}>
          {t('sections.noText')}
        </Typography>
      )}
      {section.content.map((option, index) =>
        option.html.trim() === '' && !isSeveral ? null : (
          <Box key={option.id}>
            {isSeveral && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="subtitle2" component="p">
                  {t('sections.option', { letter: contentOptionLetter(index) })}
                </Typography>
                {option.id === (section.defaultContentId ?? section.content[0]?.id) && (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t('sections.default')}
                  />
                )}
              </Stack>
            )}
            <RichTextView html={option.html} />
          </Box>
        ),
      )}
    </Stack>
  );
}

function SectionHelp({ help }: { help: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5, alignItems: 'flex-start' }}
    >
      <HelpOutline fontSize="small" color="action" titleAccess={t('sections.help')} />
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
        {help}
      </Typography>
    </Stack>
  );
}

function SectionForm({
  section,
  open,
  isSaving,
  onChange,
  onSave,
  onCancel,
}: SectionCardProps & { open: OpenSection }) {
  const { t } = useTranslation();
  const { values } = open;
  const titleError = values.title.length > SHORT_TEXT_MAX;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!titleError) onSave();
      }}
    >
      <TextField
        label={t('sections.title')}
        value={values.title}
        onChange={(event) => onChange({ title: event.target.value })}
        error={titleError}
        helperText={titleError ? t('sections.tooLong', { n: SHORT_TEXT_MAX }) : undefined}
        fullWidth
      />
      <TextField
        label={t('sections.help')}
        value={values.help}
        onChange={(event) => onChange({ help: event.target.value })}
        helperText={t('sections.helpHint')}
        multiline
        minRows={1}
        fullWidth
      />
      {section.type === 'normal' ? (
        <ContentOptionsEditor
          options={values.content}
          defaultContentId={values.defaultContentId}
          sectionTitle={values.title || t('sections.untitled')}
          onChange={(content, defaultContentId) => onChange({ content, defaultContentId })}
        />
      ) : (
        <Typography color="text.secondary" variant="body2">
          {t(section.type === 'parties' ? 'sections.partiesText' : 'sections.signersText')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isSaving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSaving} disabled={titleError}>
          {t('sections.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
