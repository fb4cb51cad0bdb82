import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type LoadMoreProps = {
  shown: number;
  total: number;
  hasMore: boolean;
  isLoading: boolean;
  onLoad: () => void;
};

/** A long folder's next page (the API pages by 100): how many are shown, and 'Load more'. */
export function LoadMore({ shown, total, hasMore, isLoading, onLoad }: LoadMoreProps) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('archive.shown', { shown, total })}
      </Typography>
      <Button variant="outlined" onClick={onLoad} loading={isLoading}>
        {t('archive.loadMore')}
      </Button>
    </Stack>
  );
}
