import Box from '@mui/material/Box';
import { formatDateTime } from '../../../ui/format';

/**
 * A date and time in a narrow table column: it may break between the day and the time, never
 * inside the day (`2026-11-` / `25`).
 */
export function DateTimeText({ value }: { value: string }) {
  const [day, time] = formatDateTime(value).split(' ');
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {day}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </>
  );
}
