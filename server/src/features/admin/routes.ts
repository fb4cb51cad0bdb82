import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBillingRoutes } from './billing-routes';
import { adminDocumentsRoutes } from './documents-routes';
import { adminEventsRoutes } from './events-routes';
import { adminUsersRoutes } from './users-routes';

/**
 * The admin area (`/api/v1/admin/…`, issue 17): Pactum's own staff answer a customer's support
 * request here (users, documents, the event log, billing detail) without touching the database.
 * Every route starts with `requireProductAdmin`; every action is logged by `logAdminAction`.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminUsersRoutes);
  await app.register(adminDocumentsRoutes);
  await app.register(adminEventsRoutes);
  await app.register(adminBillingRoutes);
};
