import { z } from 'zod';
import { requireSession } from '../../http/session';

/* What the workspaces' route plugins share. */

export const tags = ['workspaces'];
export const workspaceParams = z.object({ workspaceId: z.uuid() });

/** The signed-in user of a request, as the use cases take them. */
export const caller = async (request: Parameters<typeof requireSession>[0]) => {
  const { user } = await requireSession(request);
  return { id: user.id, name: user.name, email: user.email, lang: user.lang, user };
};
