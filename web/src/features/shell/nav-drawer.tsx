import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Logout from '@mui/icons-material/Logout';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TaskOutlined from '@mui/icons-material/TaskOutlined';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { LanguageSelect } from '../../app/language-select';
import type { CrumbKey } from '../../ui/route-handle';
import { isTestEnvironment } from '../../ui/test-environment';
import { visuallyHidden } from '../../ui/visually-hidden';
import type { HomeCounts, Me } from '../auth';
import { useSupportContact } from '../support';

type NavItem = {
  label: CrumbKey;
  to: string;
  icon: ReactNode;
  /** The item's count from the user's dashboard counters. */
  count?: keyof HomeCounts | ((counts: HomeCounts) => number);
  /** Where the item leads when that depends on the counters. */
  toFor?: (counts: HomeCounts) => string;
  /** Document lists are disabled while empty. */
  isDisabledWhenEmpty?: boolean;
};

const mainItems: NavItem[] = [
  { label: 'dashboard', to: '/dashboard/home', icon: <DashboardOutlined /> },
  { label: 'sendPdf', to: '/dashboard/send-pdf', icon: <PictureAsPdfOutlined /> },
  {
    label: 'templates',
    to: '/dashboard/templates/list/all',
    icon: <ArticleOutlined />,
    count: 'templates',
  },
  { label: 'drafts', to: '/dashboard/drafts', icon: <EditNoteOutlined />, count: 'drafts' },
];

const documentItems: NavItem[] = [
  {
    label: 'negotiate',
    to: '/dashboard/documents/negotiate',
    icon: <ForumOutlined />,
    count: 'negotiate',
    isDisabledWhenEmpty: true,
  },
  {
    label: 'inSigning',
    to: '/dashboard/documents/sign',
    icon: <DrawOutlined />,
    // Every deal in signing: those the user signs ('To sign') and those waiting for others.
    count: (counts) => (counts.sign ?? 0) + (counts.waiting ?? 0),
    // The 'To sign' tab, or 'Waiting for signatures' when the user has nothing to sign.
    toFor: (counts) =>
      counts.sign === 0 && counts.waiting > 0
        ? '/dashboard/documents/waiting'
        : '/dashboard/documents/sign',
    isDisabledWhenEmpty: true,
  },
  {
    label: 'signed',
    to: '/dashboard/documents/signed',
    icon: <TaskOutlined />,
    count: 'signed',
    isDisabledWhenEmpty: true,
  },
  {
    label: 'trash',
    to: '/dashboard/documents/trash',
    icon: <DeleteOutline />,
    count: 'trash',
    isDisabledWhenEmpty: true,
  },
];

const accountItems: NavItem[] = [
  { label: 'archive', to: '/dashboard/account/archive', icon: <ArchiveOutlined /> },
  { label: 'account', to: '/dashboard/account/my', icon: <PersonOutline /> },
  {
    label: 'workspaces',
    to: '/dashboard/account/workspace',
    icon: <WorkspacesOutlined />,
    count: 'workspaces',
  },
];

const adminItem: NavItem = {
  label: 'admin',
  to: '/dashboard/admin',
  icon: <AdminPanelSettingsOutlined />,
};

const itemSx = {
  mx: 1,
  borderRadius: 2,
  '&.active': {
    bgcolor: 'action.selected',
    color: 'primary.main',
    '& .MuiListItemIcon-root': { color: 'primary.main' },
  },
} as const;

type NavDrawerContentProps = {
  me: Me;
  onNavigate: () => void;
  onSignOut: () => void;
};

/** The side menu: the product's areas with their counts, sign-out and (for admins) Admin. */
export function NavDrawerContent({ me, onNavigate, onSignOut }: NavDrawerContentProps) {
  const { t } = useTranslation();
  const item = (entry: NavItem) => (
    <NavEntry key={entry.to} item={entry} counts={me.counts} onNavigate={onNavigate} />
  );
  return (
    <>
      <Toolbar sx={{ gap: 1 }}>
        <Link
          component={RouterLink}
          to="/dashboard/home"
          underline="none"
          onClick={onNavigate}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: 20 }}
        >
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
          {t('app.name')}
        </Link>
        {isTestEnvironment && (
          <Chip label={t('shell.test')} color="warning" size="small" sx={{ fontWeight: 700 }} />
        )}
      </Toolbar>
      <Box component="nav" aria-label={t('nav.menu')} sx={{ overflowY: 'auto', flex: 1 }}>
        <List dense>{mainItems.map(item)}</List>
        <List
          dense
          aria-labelledby="nav-documents"
          subheader={
            <ListSubheader id="nav-documents" disableSticky>
              {t('nav.documents')}
            </ListSubheader>
          }
        >
          {documentItems.map(item)}
        </List>
        <List dense>
          {accountItems.map(item)}
          <KnowledgeBaseEntry onNavigate={onNavigate} />
          <ListItem disablePadding>
            <ListItemButton onClick={onSignOut} sx={itemSx}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Logout />
              </ListItemIcon>
              <ListItemText primary={t('nav.signOut')} />
            </ListItemButton>
          </ListItem>
          {me.isAdmin && item(adminItem)}
        </List>
        {/* The toolbar has no room for the language switch on a phone. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, px: 2, py: 1 }}>
          <LanguageSelect />
        </Box>
      </Box>
    </>
  );
}

/** The operator's help pages (SUPPORT_HELP_URL) in a new tab; no entry when there are none. */
function KnowledgeBaseEntry({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const helpUrl = useSupportContact()?.helpUrl;
  if (!helpUrl) return null;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component="a"
        href={helpUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <HelpOutline />
        </ListItemIcon>
        <ListItemText primary={t('nav.knowledgeBase')} />
        <OpenInNew aria-hidden fontSize="small" color="action" />
        <Box component="span" sx={visuallyHidden}>
          {` ${t('support.newTab')}`}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

function NavEntry({
  item,
  counts,
  onNavigate,
}: {
  item: NavItem;
  counts: HomeCounts;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const count =
    typeof item.count === 'function'
      ? item.count(counts)
      : item.count
        ? (counts[item.count] ?? 0)
        : undefined;
  const isDisabled = Boolean(item.isDisabledWhenEmpty && count === 0);
  // Each entry is a list item: a list holds nothing else (screen readers count its items).
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={item.toFor ? item.toFor(counts) : item.to}
        onClick={onNavigate}
        disabled={isDisabled}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
        <ListItemText primary={t(`nav.${item.label}`)} />
        {count !== undefined && (
          <>
            <Chip label={count} size="small" aria-hidden sx={{ height: 20, minWidth: 28 }} />
            <Box component="span" sx={visuallyHidden}>
              {` (${count})`}
            </Box>
          </>
        )}
      </ListItemButton>
    </ListItem>
  );
}
