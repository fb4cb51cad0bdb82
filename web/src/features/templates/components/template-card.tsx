import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cutAbstract } from '@pactum/core/templates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { templateEditPath, templateViewPath } from '../template-paths';
import type { TemplateCard as TemplateCardData } from '../types';
import { useTemplateLabels } from '../use-template-labels';

/**
 * A template in the library: title, category, language, region (and partner for a global one),
 * the abstract cut at about 230 characters on a word boundary, a View button, and an Edit
 * button for users with edit access.
 */
export function TemplateCard({ template }: { template: TemplateCardData }) {
  const { t } = useTranslation();
  const labels = useTemplateLabels();
  const headingId = useId();
  const chips = labels.chips(template);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        {template.partner && (
          <Typography variant="overline" color="primary" component="p" sx={{ lineHeight: 1.5 }}>
            {template.partner}
          </Typography>
        )}
        <Typography
          id={headingId}
          variant="h6"
          component="h3"
          sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
        >
          {template.title}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
          {chips.map((label) => (
            <Chip key={label} size="small" label={label} />
          ))}
        </Stack>
        {template.abstract && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {cutAbstract(template.abstract)}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<VisibilityOutlined />}
          component={RouterLink}
          to={templateViewPath(template.id)}
          aria-label={t('templates.card.viewNamed', { title: template.title })}
        >
          {t('templates.card.view')}
        </Button>
        {template.canEdit && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            component={RouterLink}
            to={templateEditPath(template.id)}
            aria-label={t('templates.card.editNamed', { title: template.title })}
          >
            {t('common.edit')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
