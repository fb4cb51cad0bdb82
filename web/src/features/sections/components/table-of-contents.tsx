import ArrowBack from '@mui/icons-material/ArrowBack';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** One line of the table of contents: a section or an attachment and where it is on the page. */
export type TocItem = {
  /** The element id the line scrolls to. */
  anchorId: string;
  label: string;
  /** 0 for top-level sections and attachments, 1 for subsections. */
  level: number;
};

type TableOfContentsProps = {
  items: TocItem[];
  /** The back-to-home link (e.g. the template library). */
  home: { to: string; label: string };
};

/** Scrolls smoothly to an element of the page and moves the focus there. */
export function scrollToAnchor(anchorId: string): void {
  const element = document.getElementById(anchorId);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * The editor's left side (spec 2 §2.1): the sections and attachments (a click scrolls to the
 * item), a scroll-to-top button and a back-to-home button.
 */
export function TableOfContents({ items, home }: TableOfContentsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack component="nav" aria-labelledby={headingId} spacing={1}>
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        color="text.secondary"
        sx={{ px: 1 }}
      >
        {t('sections.contents')}
      </Typography>
      <List dense disablePadding>
        {items.map((item) => (
          <ListItemButton
            key={item.anchorId}
            onClick={() => scrollToAnchor(item.anchorId)}
            sx={{ pl: 1 + item.level * 2, borderRadius: 1 }}
          >
            <ListItemText
              primary={item.label}
              slotProps={{
                primary: {
                  variant: 'body2',
                  noWrap: true,
                  title: item.label,
                  color: item.level > 0 ? 'text.secondary' : 'text.primary',
                },
              }}
            />
          </ListItemButton>
        ))}
      </List>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start', pt: 1 }}>
        <Button
          size="small"
          startIcon={<VerticalAlignTop />}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          {t('sections.scrollTop')}
        </Button>
        <Button size="small" startIcon={<ArrowBack />} component={RouterLink} to={home.to}>
          {home.label}
        </Button>
      </Stack>
    </Stack>
  );
}
