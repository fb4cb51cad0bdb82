import type {
  feedSchema,
  homeAlertsSchema,
  homeDocumentsSchema,
  toSignListSchema,
} from '@pactum/core/api/dashboard';
import type { z } from 'zod';
import type { Platform } from '../../platform/platform';

/** The signed-in caller as the widgets need them. */
export type HomeUser = { id: string; email: string };

type Out<T extends z.ZodType> = z.output<T>;

/** A document widget (`recent`, `drafts` or a deal group): the 5 latest and whether more exist. */
export async function homeDocuments(
  _platform: Platform,
  _options: { user: HomeUser; group: string },
): Promise<Out<typeof homeDocumentsSchema>> {
  throw new Error('not built yet');
}

/** 'You to sign'. */
export async function homeToSign(
  _platform: Platform,
  _options: { user: HomeUser },
): Promise<Out<typeof toSignListSchema>> {
  throw new Error('not built yet');
}

/** 'Upcoming Document Alerts'. */
export async function homeAlerts(
  _platform: Platform,
  _options: { user: HomeUser },
): Promise<Out<typeof homeAlertsSchema>> {
  throw new Error('not built yet');
}

/** 'Latest changes by others'. */
export async function homeFeed(
  _platform: Platform,
  _options: { user: HomeUser },
): Promise<Out<typeof feedSchema>> {
  throw new Error('not built yet');
}
