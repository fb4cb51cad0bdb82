import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminUserRef } from '@pactum/core/api/admin';
import { Link as RouterLink } from 'react-router';
import { adminUserPath } from '../admin-paths';

/** A person an admin page names: their name linked to their user page, the e-mail below. */
export function UserRefLink({ user }: { user: AdminUserRef | null }) {
  if (!user) return '–';
  return (
    <>
      <Link component={RouterLink} to={adminUserPath(user.id)}>
        {user.name || user.email}
      </Link>
      {user.name && (
        <Typography variant="caption" color="text.secondary" component="div">
          {user.email}
        </Typography>
      )}
    </>
  );
}
