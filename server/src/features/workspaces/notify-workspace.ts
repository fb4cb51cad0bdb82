import type { DbOrTx } from '../../db/client';
import type { Platform } from '../../platform/platform';

/** Tells the workspace's open pages (topic `workspace:<id>`) what changed, on commit. */
export const notifyWorkspace = (
  platform: Platform,
  tx: DbOrTx,
  workspaceId: string,
  type: string,
) => platform.realtime.publish(tx, { topic: `workspace:${workspaceId}`, type });
