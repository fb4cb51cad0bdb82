import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZES } from '@pactum/core/admin';
import { useTranslation } from 'react-i18next';
import type { AdminPageSize, PageParams } from '../list-params';

type ListPagerProps = PageParams & {
  /** Rows on this page. */
  count: number;
  /** The server found more rows after this page. */
  hasMore: boolean;
  /** The next page is on its way (the buttons wait). */
  isFetching?: boolean;
  onChange: (next: PageParams) => void;
};

/**
 * Rows per page and previous/next under an admin list. The lists answer whether more rows follow
 * instead of counting them all, so the pager names the rows shown, not 'of N'.
 */
export function ListPager({
  page,
  pageSize,
  count,
  hasMore,
  isFetching = false,
  onChange,
}: ListPagerProps) {
  const { t } = useTranslation();
  const first = (page - 1) * pageSize + 1;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 2, py: 1 }}
    >
      <TextField
        select
        size="small"
        label={t('common.rowsPerPage')}
        value={pageSize}
        onChange={(event) =>
          onChange({ page: 1, pageSize: Number(event.target.value) as AdminPageSize })
        }
        sx={{ minWidth: 140 }}
      >
        {ADMIN_PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {count === 0
          ? t('admin.list.page', { page })
          : t('admin.list.rows', { from: first, to: first + count - 1 })}
      </Typography>
      <Stack direction="row">
        <IconButton
          aria-label={t('common.previousPage')}
          disabled={page <= 1 || isFetching}
          onClick={() => onChange({ page: page - 1, pageSize })}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          aria-label={t('common.nextPage')}
          disabled={!hasMore || isFetching}
          onClick={() => onChange({ page: page + 1, pageSize })}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
    </Stack>
  );
}
