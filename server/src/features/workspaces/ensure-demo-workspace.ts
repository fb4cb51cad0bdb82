import { DEMO_WORKSPACE_ID } from '@pactum/core/billing';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema';

/** The demo workspace with its fixed id, made on first start (sending from it is not charged). */
export async function ensureDemoWorkspace(database: Database): Promise<void> {
  await database.db
    .insert(workspaces)
    .values({
      id: DEMO_WORKSPACE_ID,
      title: 'Demo workspace',
      type: 'invoice',
      isVerified: true,
      isDemo: true,
      verifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: workspaces.id });
}
